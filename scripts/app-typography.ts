/**
 * Finds French typography faults in the fixed texts of the member and admin apps (site/src/apps): the public
 * pages are typeset at build time (site/src/lib/typography.ts), the apps' strings are written by hand, so their
 * source is read here. Every string literal, template piece, JSX text and JSX attribute string is read as the
 * user will see it (escapes and entities decoded, template expressions and JSX children as placeholders) and
 * checked for an ordinary space, or none, before « : ; ! ? » and inside « ». Either no-break space (U+00A0 or
 * the narrow U+202F) is accepted: the apps write U+00A0 almost everywhere.
 *
 * Run it as a script to list the faults: bun scripts/app-typography.ts
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

export type AppTypographyFault = { file: string; line: number; rule: string; text: string };

/** What stands for a template expression or a JSX child: a visible thing that is neither a space nor a letter. */
const HOLE = "\uFFFC";
const SPACE = "[^\\S\\u00A0\\u202F]";

const RULES: [rule: string, pattern: RegExp][] = [
  ["espace sécable avant : ; ! ?", new RegExp(`${SPACE}+[:;!?]`, "u")],
  ["espace sécable avant »", new RegExp(`${SPACE}+»`, "u")],
  ["espace sécable après «", new RegExp(`«${SPACE}`, "u")],
  ["pas d’espace avant ; ! ?", new RegExp(`[\\p{L}\\p{N})»${HOLE}][;!?](?=\\s|${HOLE}|$)`, "u")],
  ["pas d’espace avant :", new RegExp(`[\\p{L}»${HOLE}]:(?=\\s|${HOLE}|$)`, "u")],
  ["pas d’espace après «", /«(?=[^\s])/u],
  ["pas d’espace avant »", /[^\s]»/u],
  // A JSX attribute string is not JavaScript: hint="Vide\u00a0:" shows the backslash; write hint={"…"} or &nbsp;.
  ["échappement \\u affiché tel quel", /\\u[\da-fA-F]{4}/u],
];

// Keys, URLs, entities and storage names ("delete:42", "/api/media?", "&amp;", "https:") hold no space: a piece
// is read as prose when it holds a word (two letters) and a space, as every sentence and label here does.
const PROSE = /^(?=.*\p{L}{2})(?=.*[\s\u00A0\u202F«]).*$/su;

const ENTITIES: Record<string, string> = { nbsp: "\u00A0", laquo: "«", raquo: "»", amp: "&", hellip: "…", rsquo: "’", thinsp: "\u2009" };
function decodeJsx(raw: string): string {
  return raw.replace(/&(?:#(\d+)|#x([\da-f]+)|([a-z]+));/gi, (m, dec?: string, hex?: string, name?: string) =>
    dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : (ENTITIES[name!.toLowerCase()] ?? m),
  );
}

// Attributes whose value is never read as French prose.
const CODE_ATTRIBUTES = new Set(["className", "href", "src", "type", "id", "htmlFor", "name", "role", "accept", "autoComplete", "inputMode", "pattern", "rel", "target", "method", "action", "lang", "dir", "sandbox", "allow", "referrerPolicy", "loading", "decoding", "d", "viewBox", "fill", "stroke", "xmlns", "key", "form", "encType", "spellCheck", "wrap", "sizes", "srcSet"]);

/**
 * Strings that look like French prose but are not, each with the reason. Matched on the exact text of the
 * piece (as read by this scanner) in the given file.
 */
export type Exception = { file: string; text: string; reason: string };

function isCodeContext(node: ts.Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent)) return true;
  if (ts.isImportTypeNode(parent) || ts.isLiteralTypeNode(parent)) return true;
  // { "key": value } and obj["key"]: keys are code.
  if (ts.isPropertyAssignment(parent) && parent.name === node) return true;
  if (ts.isElementAccessExpression(parent) && parent.argumentExpression === node) return true;
  if (ts.isJsxAttribute(parent) && CODE_ATTRIBUTES.has(parent.name.getText())) return true;
  return false;
}

/** The visible pieces of one source file: [line, text] where HOLE marks what a template or JSX fills in. */
function pieces(source: ts.SourceFile): [node: ts.Node, text: string][] {
  const out: [ts.Node, string][] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!isCodeContext(node)) {
        // A JSX attribute string keeps its backslashes and decodes entities; a JS string is already cooked.
        const text = ts.isJsxAttribute(node.parent) ? decodeJsx(node.text) : node.text;
        out.push([node, text]);
      }
    } else if (ts.isTemplateExpression(node)) {
      if (!isCodeContext(node)) {
        let text = node.head.text;
        for (const span of node.templateSpans) text += HOLE + span.literal.text;
        out.push([node, text]);
      }
    } else if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      // The children of one element read as one run: "Adresse{"\u00a0"}: {email}" is "Adresse\u00a0: ￼".
      let text = "";
      for (const child of node.children) {
        if (ts.isJsxText(child)) text += decodeJsx(child.text);
        else if (ts.isJsxExpression(child) && child.expression && (ts.isStringLiteral(child.expression) || ts.isNoSubstitutionTemplateLiteral(child.expression))) text += child.expression.text;
        else if (ts.isJsxExpression(child) && !child.expression) continue; // {/* comment */}
        else text += HOLE;
      }
      // JSX drops line breaks with the indentation around them; a line break between words is one space.
      text = text.replace(/[ \t]*\n\s*/g, (m, at: number) => (at === 0 || at + m.length === text.length ? "" : " "));
      if (/\S/.test(text.replaceAll(HOLE, ""))) out.push([node, text]);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return out;
}

/** The faults of one source file, each with the syntax node it was read from (a fixing script edits that node). */
export function scanNodes(file: string, code: string): (AppTypographyFault & { node: ts.Node; source: ts.SourceFile })[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const faults: (AppTypographyFault & { node: ts.Node; source: ts.SourceFile })[] = [];
  for (const [node, text] of pieces(source)) {
    if (!PROSE.test(text)) continue;
    // URLs and e-mail addresses are quoted verbatim.
    const prose = text.replace(/(?:https?|ftp):\/\/\S*|mailto:\S*|www\.\S+|\S+@\S+\.\S+/giu, (u) => "x".repeat(u.length));
    for (const [rule, pattern] of RULES) {
      if (pattern.test(prose)) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        faults.push({ file, line, rule, text, node, source });
      }
    }
  }
  return faults;
}

export function scanSource(file: string, code: string): AppTypographyFault[] {
  return scanNodes(file, code).map(({ file, line, rule, text }) => ({ file, line, rule, text }));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Every fault in the apps' source files under `dir` (tests excluded), minus the listed exceptions. */
export function scanApps(dir: string, root: string, exceptions: readonly Exception[] = []): AppTypographyFault[] {
  return sourceFiles(dir)
    .flatMap((path) => scanSource(relative(root, path), readFileSync(path, "utf8")))
    .filter((f) => !exceptions.some((e) => e.file === f.file && e.text === f.text));
}

if (import.meta.main) {
  const root = join(import.meta.dir, "..");
  for (const f of scanApps(join(root, "site/src/apps"), root)) {
    console.log(`${f.file}:${f.line}\t${f.rule}\t${JSON.stringify(f.text)}`);
  }
}
