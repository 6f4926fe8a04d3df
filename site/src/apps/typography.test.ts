import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { scanApps, scanSource, type Exception } from "../../../scripts/app-typography";

const root = join(import.meta.dirname, "../../..");

// Texts the scanner reads as French prose that are not, each with its reason.
const EXCEPTIONS: Exception[] = [
  { file: "site/src/apps/stores/viewer.ts", text: "useViewer: no signed-in viewer (screens render after the guard)", reason: "an English developer error, never shown as such" },
  { file: "site/src/apps/contact/ContactScreen.tsx", text: "Re: \uFFFC", reason: "the reply subject put in a mailto: link, written as every mail client writes it" },
];

describe("French typography of the apps' fixed texts", () => {
  test("no ordinary space, or none, before : ; ! ? and inside « » in site/src/apps", () => {
    const faults = scanApps(join(root, "site/src/apps"), root, EXCEPTIONS);
    expect(faults.map((f) => `${f.file}:${f.line} ${f.rule} ${JSON.stringify(f.text)}`)).toEqual([]);
  });

  test("every exception still matches a text, so the list cannot hide new faults", () => {
    const all = scanApps(join(root, "site/src/apps"), root);
    for (const e of EXCEPTIONS) expect(all.some((f) => f.file === e.file && f.text === e.text), e.text).toBe(true);
  });

  test("the scanner finds the faults the browser audit found, in every form the apps write text", () => {
    const file = "x.tsx";
    const faulty = [
      'toast.error(`Erreur lors de la suppression: ${reason}`);',
      "const q = `Supprimer le message « ${m.subject} » de ${m.name} ?`;",
      'const caption = `${name} : ${count}, page ${page} sur ${pages}`;',
      'const el = <p className="muted">Chaque modification faite dans l\'administration : qui, quoi, quand.</p>;',
      'const el = <FormField label="Auteurs" hint="plusieurs ; aucun choisi : vous." />;',
      'const el = <p>Fichier actuel :{" "}<a href={url}>{name}</a></p>;',
      'const el = <p>Adresse{" "}: {email}</p>;',
      'const el = <p>Supprimer {name}?</p>;',
      'const el = <FormField hint="Vide\\u00a0: sans limite." />;', // JSX attribute strings keep their backslashes
    ];
    for (const code of faulty) expect(scanSource(file, code), code).not.toEqual([]);
  });

  test("the written forms of a no-break space pass, and code, URLs and times are not prose", () => {
    const file = "x.tsx";
    const clean = [
      'const q = `Supprimer le thème «\\u00a0${t.name}\\u00a0»\\u00a0? Cette action est irréversible.`;',
      'const q = "Fermer les inscriptions\\u00a0? Plus personne ne pourra s\'inscrire\\u202f; les inscrits restent inscrits.";',
      "const el = <p>État&nbsp;: {state}</p>;",
      'const el = <p>Les courriels sont regroupés{"\\u00a0"}: au plus un toutes les dix minutes.</p>;',
      'const el = <FormField hint={"Vide\\u00a0: sans limite."} />;',
      'const el = <img sizes="(max-width: 600px) 45vw, 180px" alt="" />;',
      'const key = `delete:${row._id}`; const url = "/api/admin/media?"; const s = "https:";',
      'const t = "Enregistré à 14\\u00a0h\\u00a032"; const link = "Écrivez à https://exemple.sn/a?b=c ou mailto:x@y.sn";',
      "const ok = a ? b : c;",
    ];
    for (const code of clean) expect(scanSource(file, code), code).toEqual([]);
  });
});
