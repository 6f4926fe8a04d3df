import type { DocumentSeed } from "./data/documents";

/**
 * A small but valid PDF 1.4 written by hand: standard Helvetica fonts with WinAnsiEncoding (which covers French
 * accents), A4 pages, automatic line wrapping and page breaks, and an xref table whose byte offsets are computed
 * from the bytes actually written.
 */
const WIN_ANSI_EXTRA: Record<string, number> = {
  "€": 0x80, "…": 0x85, "Œ": 0x8c, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94, "–": 0x96, "—": 0x97, "œ": 0x9c,
};

/** Each character of the result stands for one byte. */
function winAnsi(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 63;
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) out += ch;
    else if (WIN_ANSI_EXTRA[ch] !== undefined) out += String.fromCharCode(WIN_ANSI_EXTRA[ch]);
    else if (ch === "\u202f" || ch === "\u2009") out += " ";
    else out += "?";
  }
  return out;
}

const pdfString = (text: string) => `(${winAnsi(text).replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** UTF-16BE with a byte order mark: how the document information dictionary carries non-ASCII titles. */
function pdfTextString(text: string): string {
  let hex = "FEFF";
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, "0").toUpperCase();
  return `<${hex}>`;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

type Line = { font: "F1" | "F2"; size: number; text: string; gap: number };

function layout(doc: DocumentSeed): Line[] {
  const lines: Line[] = [
    ...wrap(doc.title, 38).map((text) => ({ font: "F2" as const, size: 22, text, gap: 28 })),
    { font: "F1", size: 12, text: doc.subtitle, gap: 32 },
  ];
  for (const p of doc.paragraphs) {
    if (p.startsWith("## ")) lines.push({ font: "F2", size: 14, text: p.slice(3), gap: 26 });
    else {
      const body = wrap(p, 86).map((text) => ({ font: "F1" as const, size: 11, text, gap: 15 }));
      const last = body[body.length - 1];
      if (last) last.gap = 22;
      lines.push(...body);
    }
  }
  return lines;
}

export function pdfDocument(doc: DocumentSeed): Uint8Array {
  const pages: string[] = [];
  let stream = "";
  let y = 780;
  const flush = () => {
    pages.push(stream + `BT /F1 9 Tf 0.4 g 56 40 Td ${pdfString(`${doc.title} — page ${pages.length + 1}`)} Tj ET\n`);
    stream = "";
    y = 780;
  };
  for (const line of layout(doc)) {
    if (y < 70) flush();
    stream += `BT /${line.font} ${line.size} Tf 56 ${y} Td ${pdfString(line.text)} Tj ET\n`;
    y -= line.gap;
  }
  flush();

  // Objects: 1 catalog, 2 page tree, 3-4 fonts, 5 info, then a page and its content stream for each page.
  const objects: string[] = [];
  const kids = pages.map((_, i) => `${6 + i * 2} 0 R`).join(" ");
  objects.push("<< /Type /Catalog /Pages 2 0 R >>");
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  objects.push(`<< /Title ${pdfTextString(doc.title)} /Producer (Institut - seed) >>`);
  pages.forEach((content, i) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${7 + i * 2} 0 R >>`,
    );
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}endstream`);
  });

  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Every character is one byte (see winAnsi), so latin1 keeps the computed offsets exact.
  return new Uint8Array(Buffer.from(out, "latin1"));
}
