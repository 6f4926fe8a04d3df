import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { RECENT_ARTICLES } from "../db/seed/data/articles-recent";
import { E2E_PORT } from "./global-setup";

/**
 * Issue 35 §2, citable publications, on a demo article signed by two members with accented and compound names and
 * carrying a PDF: its Highwire Press and Dublin Core tags, its BibTeX and RIS files field by field, « Citer » by
 * keyboard, then axe and the Nu HTML Checker on the page. Expected values come from the public API and the seed,
 * never from the code under test.
 */

// The origin the server was configured with (PUBLIC_URL, or its default), as api/env.ts derives it.
const ORIGIN = (process.env.PUBLIC_URL || `http://localhost:${E2E_PORT}`).replace(/\/+$/, "");
const VNU = join(process.cwd(), "node_modules", "vnu-jar", "build", "dist", "vnu.jar");
const NBSP = "\u00a0";

type Person = { firstname: string; name: string };
type FullArticle = { _id: string; title: string; url: string; createdAt: string; keywords: string[]; authors: Person[]; media: { type: string; path: string }[] };

const DEMO_TITLE = RECENT_ARTICLES.find((a) => a.media?.includes("pdf-budgets"))!.title;

async function demoArticle(request: APIRequestContext): Promise<FullArticle> {
  const res = await request.get("/api/public/articles/full");
  expect(res.status()).toBe(200);
  const article = ((await res.json()) as FullArticle[]).find((a) => a.title === DEMO_TITLE);
  expect(article, `the demo article « ${DEMO_TITLE} » is public`).toBeTruthy();
  return article!;
}

/** The publication day in Dakar, as the test reads it (not through the code under test). */
function dakarDay(iso: string) {
  const [year, month, day] = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Dakar" }).format(new Date(iso)).split("-");
  const french = new Intl.DateTimeFormat("fr-FR", { timeZone: "Africa/Dakar", day: "numeric", month: "long" }).format(new Date(iso));
  return { year: year!, month: month!, day: day!, dayMonth: french.replace(/^1 /, "1er ") };
}

const metaContents = (page: Page, name: string) =>
  page.locator(`head meta[name="${name}"]`).evaluateAll((els) => els.map((e) => e.getAttribute("content")));

/** A BibTeX entry's fields (one per line, as the site writes them). */
function bibFields(entry: string): Record<string, string> {
  const lines = entry.trim().split("\n").slice(1, -1);
  return Object.fromEntries(lines.map((l) => l.trim().replace(/,$/, "").split(" = ") as [string, string]));
}

test.describe("citable articles", () => {
  test("the article page carries Highwire Press, Dublin Core and ScholarlyArticle data with the authors' names and the Dakar day", async ({ page, request }) => {
    const a = await demoArticle(request);
    const url = `${ORIGIN}/article/${encodeURIComponent(a.url)}`;
    const pdf = a.media.find((m) => m.type === "pdf")!;
    const { year, month, day } = dakarDay(a.createdAt);
    await page.goto(`/article/${a.url}`);

    expect(await metaContents(page, "citation_title")).toEqual([a.title]);
    expect(await metaContents(page, "citation_author")).toEqual(["Diop Sow, Marie Claire", "Cissé, Khadija"]);
    expect(a.authors).toEqual([expect.objectContaining({ firstname: "Marie Claire", name: "Diop Sow" }), expect.objectContaining({ firstname: "Khadija", name: "Cissé" })]);
    expect(await metaContents(page, "citation_publication_date")).toEqual([`${year}/${month}/${day}`]);
    expect(await metaContents(page, "citation_technical_report_institution")).toEqual(["L'Institut"]);
    expect(await metaContents(page, "citation_publisher")).toEqual(["L'Institut"]);
    expect(await metaContents(page, "citation_language")).toEqual(["fr"]);
    expect(await metaContents(page, "citation_abstract_html_url")).toEqual([url]);
    expect(await metaContents(page, "citation_fulltext_html_url")).toEqual([url]);
    expect(await metaContents(page, "citation_pdf_url")).toEqual([`${ORIGIN}${pdf.path}`]);
    expect(await metaContents(page, "citation_keywords")).toEqual([a.keywords.join("; ")]);
    // The PDF named by the tags is really served, as a PDF.
    const file = await request.get(pdf.path);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");

    await expect(page.locator('head link[rel="schema.DC"]')).toHaveAttribute("href", "http://purl.org/dc/elements/1.1/");
    expect(await metaContents(page, "DC.title")).toEqual([a.title]);
    expect(await metaContents(page, "DC.creator")).toEqual(["Diop Sow, Marie Claire", "Cissé, Khadija"]);
    expect(await metaContents(page, "DC.date")).toEqual([`${year}-${month}-${day}`]);
    expect(await metaContents(page, "DC.publisher")).toEqual(["L'Institut"]);
    expect(await metaContents(page, "DC.language")).toEqual(["fr"]);
    expect(await metaContents(page, "DC.identifier")).toEqual([url]);
    // The cited address is the page's canonical one.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);

    const [ld] = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
    expect(ld["@type"]).toBe("ScholarlyArticle");
    expect(ld.identifier).toBe(url);
    expect(ld.author.map((p: { givenName: string; familyName: string }) => [p.givenName, p.familyName])).toEqual([
      ["Marie Claire", "Diop Sow"],
      ["Khadija", "Cissé"],
    ]);
    expect(ld.encoding).toEqual({ "@type": "MediaObject", contentUrl: `${ORIGIN}${pdf.path}`, encodingFormat: "application/pdf" });
  });

  test("the BibTeX and RIS files give every field, accents in UTF-8, one author per name", async ({ request }) => {
    const a = await demoArticle(request);
    const url = `${ORIGIN}/article/${encodeURIComponent(a.url)}`;
    const pdf = `${ORIGIN}${a.media.find((m) => m.type === "pdf")!.path}`;
    const { year, month, day } = dakarDay(a.createdAt);

    const bib = await request.get(`/article/${a.url}.bib`);
    expect(bib.status()).toBe(200);
    expect(bib.headers()["content-type"]).toBe("application/x-bibtex; charset=utf-8");
    const entry = (await bib.body()).toString("utf8");
    expect(entry).toMatch(new RegExp(`^@techreport\\{diopsow${year}budgets,\\n`));
    const months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
    expect(bibFields(entry)).toEqual({
      author: "{Diop Sow, Marie Claire and Cissé, Khadija}",
      title: `{{${a.title}}}`,
      institution: "{L'Institut}",
      year: `{${year}}`,
      month: months[Number(month) - 1],
      date: `{${year}-${month}-${day}}`,
      url: `{${url}}`,
      file: `{${pdf}}`,
      language: "{french}",
      keywords: `{${a.keywords.join(", ")}}`,
    });

    const risFile = await request.get(`/article/${a.url}.ris`);
    expect(risFile.status()).toBe(200);
    expect(risFile.headers()["content-type"]).toBe("application/x-research-info-systems; charset=utf-8");
    const record = (await risFile.body()).toString("utf8");
    expect(record.endsWith("\r\n")).toBe(true);
    expect(record.split("\r\n").slice(0, -1)).toEqual([
      "TY  - RPRT",
      "AU  - Diop Sow, Marie Claire",
      "AU  - Cissé, Khadija",
      `TI  - ${a.title}`,
      `PY  - ${year}`,
      `DA  - ${year}/${month}/${day}/`,
      "PB  - L'Institut",
      "LA  - fr",
      `UR  - ${url}`,
      `L1  - ${pdf}`,
      ...a.keywords.map((k) => `KW  - ${k}`),
      "ER  - ",
    ]);
  });

  test("« Citer » opens by keyboard, shows the APA and Chicago references and downloads the files", async ({ page, request }) => {
    const a = await demoArticle(request);
    const url = `${ORIGIN}/article/${encodeURIComponent(a.url)}`;
    const { year, dayMonth } = dakarDay(a.createdAt);
    await page.goto(`/article/${a.url}`);

    const summary = page.locator("details.cite-box > summary");
    await expect(summary).toHaveText("Citer");
    const apa = page.locator('[data-citation-style="APA"]');
    await expect(apa).toBeHidden();
    // From the author links just before it, one Tab reaches « Citer »; Enter opens it.
    await page.getByRole("link", { name: "Khadija Cissé" }).first().focus();
    await page.keyboard.press("Tab");
    await expect(summary).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(apa).toBeVisible();
    // The page's visible text is typeset (issue 13): the straight apostrophe of « L'Institut » reads « ’ ».
    await expect(apa).toHaveText(`Diop Sow, M. C. et Cissé, K. (${year}, ${dayMonth}). ${a.title}. L’Institut. ${url}`);
    await expect(apa.locator("cite")).toHaveText(a.title);
    await expect(page.locator('[data-citation-style="Chicago"]')).toHaveText(
      `Diop Sow, Marie Claire, et Khadija Cissé. «${NBSP}${a.title}${NBSP}». L’Institut, ${dayMonth} ${year}. ${url}.`,
    );

    await expect(page.locator(".cite-files")).toHaveText(`Télécharger${NBSP}: BibTeX (.bib) · RIS (.ris)`);

    // Tab on to the BibTeX link, Enter downloads the same bytes the server serves.
    await page.keyboard.press("Tab");
    const bibLink = page.getByRole("link", { name: "BibTeX (.bib)" });
    await expect(bibLink).toBeFocused();
    const [bibDownload] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(bibDownload.suggestedFilename()).toBe(`${a.url}.bib`);
    const served = (await (await request.get(`/article/${a.url}.bib`)).body()).toString("utf8");
    expect(readFileSync((await bibDownload.path())!, "utf8")).toBe(served);
    expect(served).toContain("Cissé, Khadija");

    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "RIS (.ris)" })).toBeFocused();
    const [risDownload] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(risDownload.suggestedFilename()).toBe(`${a.url}.ris`);
    expect(readFileSync((await risDownload.path())!, "utf8")).toContain("AU  - Cissé, Khadija\r\n");

    // Back to « Citer »; Space closes it.
    await summary.focus();
    await page.keyboard.press("Space");
    await expect(apa).toBeHidden();
  });

  test("the article page passes axe with « Citer » open and the Nu HTML Checker", async ({ page, request }) => {
    const a = await demoArticle(request);
    await page.goto(`/article/${a.url}`, { waitUntil: "networkidle" });
    await page.locator("details.cite-box > summary").click();
    await expect(page.locator('[data-citation-style="APA"]')).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]).analyze();
    expect(violations.map((v) => `${v.id} [${v.impact}] ${v.help} -> ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);

    const java = spawnSync("java", ["-version"], { encoding: "utf8" });
    expect(java.error, "Java is needed to run the Nu HTML Checker").toBeUndefined();
    const dir = mkdtempSync(join(tmpdir(), "vnu-cite-"));
    try {
      const file = join(dir, "article.html");
      writeFileSync(file, await (await request.get(`/article/${a.url}`)).body());
      const run = spawnSync("java", ["-jar", VNU, "--errors-only", "--format", "json", file], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
      const report = JSON.parse(run.stderr || run.stdout) as { messages: { type: string; message: string; lastLine?: number; extract?: string }[] };
      const problems = report.messages
        .filter((m) => m.type === "error" || m.type === "non-document-error")
        .map((m) => `line ${m.lastLine}: ${m.message} — ${JSON.stringify(m.extract?.trim())}`);
      expect(problems, problems.join("\n")).toEqual([]);
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
