/** « Exporter en CSV » of « Audience »: every counter of the period (not only the top rows), for a French spreadsheet. */
import { DEVICE_LABELS } from "../../../shared/audience";
import { csvDocument, csvLine } from "../../../shared/csv";
import type { AudienceReport } from "./model";

export function audienceCsv(report: AudienceReport): string {
  const lines = [csvLine(["Rubrique", "Date ou adresse", "Titre", "Nombre"])];
  for (const p of report.series) lines.push(csvLine(["Visites", p.key, "", String(p.visits)]));
  for (const p of report.series) lines.push(csvLine(["Pages vues", p.key, "", String(p.views)]));
  const titles = new Map([...report.articles, ...report.events, ...report.newsletterIssues].map((i) => [i.path, i.title ?? ""]));
  for (const p of report.pages) lines.push(csvLine(["Page", p.path, titles.get(p.path) ?? "", String(p.count)]));
  for (const d of report.downloads) lines.push(csvLine(["Téléchargement", d.path, d.title ?? "", String(d.count)]));
  for (const f of report.feeds) lines.push(csvLine(["Flux", f.path, "", String(f.count)]));
  for (const r of report.referrers) lines.push(csvLine(["Site référent", r.host, "", String(r.count)]));
  for (const d of report.devices) lines.push(csvLine(["Appareil", DEVICE_LABELS[d.device], "", String(d.count)]));
  return csvDocument(lines);
}
