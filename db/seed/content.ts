import type { ArticleSeed } from "./data/article-types";
import { CLOSINGS, POOLS, PROPOSAL_HEADINGS } from "./data/paragraphs";

/** A block of demo text, rendered both as plain text and as the small, safe HTML subset the site displays. */
export type Block =
  | { kind: "p"; text: string }
  | { kind: "h2"; text: string }
  | { kind: "ul"; items: string[] }
  | { kind: "quote"; text: string };

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const LINK = /\[([^\]]+)\]\((https:\/\/[^)\s]+)\)/g;
const BOLD = /\*\*([^*]+)\*\*/g;

/** Inline markup to HTML: **bold** and [label](https://...) only, everything else escaped. */
function inlineHtml(text: string): string {
  return escapeHtml(text)
    .replace(BOLD, "<strong>$1</strong>")
    .replace(LINK, (_m, label: string, url: string) => `<a href="${url}">${label}</a>`);
}

/** Inline markup to plain text: links keep their address in brackets. */
function inlineText(text: string): string {
  return text.replace(BOLD, "$1").replace(LINK, "$1 ($2)");
}

export function renderBlocks(blocks: Block[]): { txt: string; html: string } {
  const txt: string[] = [];
  const html: string[] = [];
  for (const b of blocks) {
    if (b.kind === "p") {
      txt.push(inlineText(b.text));
      html.push(`<p>${inlineHtml(b.text)}</p>`);
    } else if (b.kind === "h2") {
      txt.push(inlineText(b.text));
      html.push(`<h2>${inlineHtml(b.text)}</h2>`);
    } else if (b.kind === "ul") {
      txt.push(b.items.map((i) => `– ${inlineText(i)}`).join("\n"));
      html.push(`<ul>${b.items.map((i) => `<li>${inlineHtml(i)}</li>`).join("")}</ul>`);
    } else {
      txt.push(`« ${inlineText(b.text)} »`);
      html.push(`<blockquote><p>${inlineHtml(b.text)}</p></blockquote>`);
    }
  }
  return { txt: txt.join("\n\n"), html: html.join("\n") };
}

/**
 * Builds the body of the n-th article: its own lead and proposals around two sections borrowed from the pools of its
 * first and second themes (or twice from the first). `used` counts what each pool already gave, so that
 * neighbouring articles on the same theme do not repeat each other.
 */
export function articleBlocks(a: ArticleSeed, n: number, used: Map<string, number>): Block[] {
  const take = (theme: string) => {
    const pool = POOLS[theme] ?? [];
    const count = used.get(theme) ?? 0;
    used.set(theme, count + 1);
    return pool[count % pool.length];
  };
  const first = a.themes[0] ?? "";
  const main = take(first);
  const second = take(a.themes[1] ?? first);
  const blocks: Block[] = [{ kind: "p", text: a.lead }];
  if (main) blocks.push({ kind: "h2", text: main.heading }, { kind: "p", text: main.text });
  if (second && second !== main) blocks.push({ kind: "h2", text: second.heading }, { kind: "p", text: second.text });
  if (a.quote) blocks.push({ kind: "quote", text: a.quote });
  blocks.push({ kind: "h2", text: PROPOSAL_HEADINGS[n % PROPOSAL_HEADINGS.length] ?? "Nos propositions" });
  blocks.push({ kind: "ul", items: a.points });
  blocks.push({ kind: "p", text: CLOSINGS[n % CLOSINGS.length] ?? "" });
  return blocks;
}

/** Event body: paragraphs then an optional programme. */
export function eventBlocks(body: string[] = [], program: string[] = []): Block[] {
  const blocks: Block[] = body.map((text) => ({ kind: "p" as const, text }));
  if (program.length) blocks.push({ kind: "h2", text: "Programme" }, { kind: "ul", items: program });
  return blocks;
}
