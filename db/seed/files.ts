import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import type { Scene } from "./data/media";

/** Folders under the uploads directory, as the site serves them (/uploads/<folder>/<file>). */
export const FOLDERS = ["profile_pics", "article_pics", "media", "media_thumbnails"] as const;

export async function ensureFolders(uploadsDir: string): Promise<void> {
  await Promise.all(FOLDERS.map((f) => mkdir(join(uploadsDir, f), { recursive: true })));
}

/** Small deterministic generator, so that a demo picture looks the same on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => Math.max(0, Math.min(255, Math.round(v * factor))));
  return `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

const FONT = `font-family="DejaVu Sans, Liberation Sans, sans-serif"`;

/** Renders an SVG to a JPEG file (sharp rasterises SVG through librsvg). */
export async function writeJpeg(svg: string, path: string, quality = 82): Promise<void> {
  await sharp(Buffer.from(svg)).jpeg({ quality, mozjpeg: true }).toFile(path);
}

/** 300x300 avatar: the member's initials on a coloured gradient. */
export function avatarSvg(initials: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${shade(color, 0.6)}"/></linearGradient></defs>
<rect width="300" height="300" fill="url(#g)"/>
<circle cx="255" cy="40" r="95" fill="#fff" fill-opacity="0.08"/><circle cx="25" cy="285" r="75" fill="#fff" fill-opacity="0.07"/>
<text x="150" y="190" ${FONT} font-weight="bold" font-size="110" fill="#fff" text-anchor="middle">${xml(initials)}</text>
</svg>`;
}

/** 800x450 article picture: an abstract pattern in the theme colour with the theme name. */
export function articlePicSvg(label: string, color: string, seed: number): string {
  const rnd = prng(seed);
  const shapes: string[] = [];
  const style = seed % 3;
  if (style === 0) {
    const cx = 200 + rnd() * 400, cy = 100 + rnd() * 200;
    for (let r = 40; r < 700; r += 45) shapes.push(`<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r}" fill="none" stroke="#fff" stroke-opacity="${(0.25 - r / 4000).toFixed(2)}" stroke-width="14"/>`);
  } else if (style === 1) {
    for (let x = -450; x < 800; x += 60) shapes.push(`<path d="M${x} 450 L${x + 450} 0" stroke="#fff" stroke-opacity="0.10" stroke-width="22"/>`);
    shapes.push(`<circle cx="${(550 + rnd() * 150).toFixed(0)}" cy="${(120 + rnd() * 100).toFixed(0)}" r="130" fill="#fff" fill-opacity="0.18"/>`);
  } else {
    for (let y = 40; y < 420; y += 38) {
      const a = 20 + rnd() * 40;
      shapes.push(`<path d="M0 ${y} Q 200 ${(y - a).toFixed(0)} 400 ${y} T 800 ${y}" fill="none" stroke="#fff" stroke-opacity="0.16" stroke-width="6"/>`);
    }
  }
  for (let i = 0; i < 14; i++) shapes.push(`<circle cx="${(rnd() * 800).toFixed(0)}" cy="${(rnd() * 360).toFixed(0)}" r="${(4 + rnd() * 16).toFixed(0)}" fill="#fff" fill-opacity="${(0.1 + rnd() * 0.25).toFixed(2)}"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(color, 1.25)}"/><stop offset="1" stop-color="${shade(color, 0.55)}"/></linearGradient></defs>
<rect width="800" height="450" fill="url(#g)"/>${shapes.join("")}
<rect y="360" width="800" height="90" fill="#000" fill-opacity="0.28"/>
<text x="40" y="418" ${FONT} font-weight="bold" font-size="${label.length > 28 ? 28 : 34}" fill="#fff">${xml(label)}</text>
</svg>`;
}

const SCENES: Record<Scene, string> = {
  goree: `<rect width="1200" height="520" fill="url(#sunset)"/><circle cx="900" cy="330" r="70" fill="#ffe7a3"/>
<rect y="500" width="1200" height="300" fill="url(#sea)"/>
<g transform="translate(600 520) scale(1.4) translate(-630 -520)"><path d="M180 520 Q 300 470 420 480 L 760 478 Q 900 380 1010 430 Q 1060 470 1080 520 Z" fill="#5b3a29"/>
<rect x="250" y="470" width="90" height="40" fill="#7a5b44"/><circle cx="295" cy="468" r="30" fill="#6b4b36"/>
${[0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="${440 + i * 42}" y="${440 + (i % 2) * 8}" width="36" height="${40 - (i % 2) * 8}" fill="${["#e8a33d", "#c8553d", "#f2c57c", "#d17a5b"][i % 4]}"/>`).join("")}</g>
${[0, 1, 2, 3, 4].map((i) => `<path d="M${100 + i * 230} ${600 + i * 30} q 60 -10 120 0" stroke="#ffe7a3" stroke-opacity="0.5" stroke-width="4" fill="none"/>`).join("")}`,
  littoral: `<rect width="1200" height="800" fill="#9fd3f0"/><rect y="430" width="1200" height="370" fill="#e9d3a4"/>
<path d="M0 430 L0 800 L430 800 Q 520 620 470 430 Z" fill="#2a7ab0"/>
${[0, 1, 2, 3].map((i) => `<path d="M${20 + i * 90} ${480 + i * 80} q 80 -30 160 0" stroke="#fff" stroke-width="6" fill="none" stroke-opacity="0.7"/>`).join("")}
${[0, 1, 2, 3, 4].map((i) => `<rect x="${560 + i * 120}" y="${380 - (i % 2) * 20}" width="95" height="${90 + (i % 2) * 20}" fill="${["#f2efe6", "#d9c9a8", "#e7b98a"][i % 3]}" transform="rotate(${i === 0 ? -8 : 0} 600 470)"/>`).join("")}
<path d="M500 470 l 30 -20 l 25 25 l 20 -10" stroke="#6b4b36" stroke-width="8" fill="none"/>`,
  pirogues: `<rect width="1200" height="420" fill="url(#sea)"/><rect y="400" width="1200" height="400" fill="#e6cf9c"/>
${[0, 1, 2, 3, 4].map((i) => {
    const x = 80 + i * 220, y = 470 + (i % 2) * 110;
    const c = ["#c0392b", "#f1c40f", "#27ae60", "#2980b9", "#e67e22"][i];
    return `<path d="M${x} ${y} Q ${x + 100} ${y + 70} ${x + 240} ${y - 10} L ${x + 230} ${y + 10} Q ${x + 100} ${y + 95} ${x + 10} ${y + 20} Z" fill="${c}"/><path d="M${x + 30} ${y + 22} Q ${x + 110} ${y + 70} ${x + 215} ${y + 8}" stroke="#fff" stroke-width="6" fill="none"/><line x1="${x + 120}" y1="${y + 40}" x2="${x + 120}" y2="${y - 60}" stroke="#4a3526" stroke-width="5"/><rect x="${x + 120}" y="${y - 60}" width="40" height="24" fill="${c}"/>`;
  }).join("")}`,
  solaire: `<rect width="1200" height="800" fill="#8fcdf2"/><circle cx="1030" cy="140" r="80" fill="#ffd54f"/><rect y="520" width="1200" height="280" fill="#d8b26e"/>
${[0, 1, 2].map((r) => [0, 1, 2, 3, 4].map((c) => `<path d="M${120 + c * 160 + r * 40} ${560 + r * 70} l 130 0 l -30 -60 l -130 0 Z" fill="#1d3557" stroke="#a8dadc" stroke-width="3"/>`).join("")).join("")}
<rect x="960" y="420" width="160" height="120" fill="#c89f65"/><path d="M940 430 L1040 340 L1140 430 Z" fill="#8d6e3f"/><rect x="1020" y="470" width="40" height="70" fill="#5d4037"/>`,
  niayes: `<rect width="1200" height="800" fill="#cfe8f3"/><rect y="330" width="1200" height="470" fill="#c9a66b"/>
${[0, 1, 2, 3, 4, 5, 6].map((i) => `<path d="M${-200 + i * 220} 800 L ${450 + i * 50} 340 L ${480 + i * 50} 340 L ${-60 + i * 220} 800 Z" fill="${i % 2 ? "#4f8a2b" : "#6fae3a"}"/>`).join("")}
${[0, 1, 2, 3].map((i) => `<rect x="${120 + i * 300}" y="240" width="14" height="95" fill="#6d4c41"/><circle cx="${127 + i * 300}" cy="225" r="${55 - (i % 2) * 12}" fill="#2e7d32"/>`).join("")}`,
};

/** 1200x800 illustration for an image media. */
export function sceneSvg(scene: Scene): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
<defs><linearGradient id="sunset" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6a96b"/><stop offset="1" stop-color="#fde2a7"/></linearGradient>
<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1b6ca8"/><stop offset="1" stop-color="#0b3d62"/></linearGradient></defs>
${SCENES[scene]}</svg>`;
}

const TYPE_COLORS: Record<string, string> = { audio: "#6a3d9a", video: "#a23b2a", pdf: "#1f4e79", image: "#0f6f6a" };

/** 480x270 thumbnail: an icon of the media type and the title. */
export function thumbnailSvg(type: string, title: string): string {
  const color = TYPE_COLORS[type] ?? "#444444";
  const icon =
    type === "audio"
      ? [0, 1, 2, 3, 4, 5, 6].map((i) => { const h = [30, 60, 90, 50, 80, 40, 20][i] ?? 30; return `<rect x="${40 + i * 18}" y="${85 - h / 2}" width="10" height="${h}" rx="5" fill="#fff"/>`; }).join("")
      : type === "video"
        ? `<circle cx="95" cy="85" r="50" fill="#fff" fill-opacity="0.2"/><path d="M80 60 L120 85 L80 110 Z" fill="#fff"/>`
        : `<path d="M60 35 h55 l25 25 v80 h-80 Z" fill="#fff"/><path d="M75 80 h50 M75 95 h50 M75 110 h35" stroke="${color}" stroke-width="6"/>`;
  const lines: string[] = [];
  let line = "";
  for (const word of title.split(" ")) {
    if ((line + " " + word).trim().length > 30) { lines.push(line.trim()); line = word; } else line = `${line} ${word}`;
  }
  lines.push(line.trim());
  const text = lines.slice(0, 3).map((l, i) => `<text x="36" y="${185 + i * 30}" ${FONT} font-weight="bold" font-size="24" fill="#fff">${xml(l)}</text>`).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" viewBox="0 0 480 270">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(color, 1.2)}"/><stop offset="1" stop-color="${shade(color, 0.6)}"/></linearGradient></defs>
<rect width="480" height="270" fill="url(#g)"/><circle cx="420" cy="40" r="110" fill="#fff" fill-opacity="0.07"/>${icon}${text}</svg>`;
}

/** 480x270 thumbnail cut from a picture. */
export async function writeThumbnailFromImage(source: string, path: string): Promise<void> {
  await sharp(source).resize(480, 270, { fit: "cover" }).jpeg({ quality: 80 }).toFile(path);
}

export { wavChord } from "./wav";
export { pdfDocument } from "./pdf";

/** Writes a buffer, creating nothing else. */
export async function writeBuffer(path: string, data: Uint8Array): Promise<void> {
  await writeFile(path, data);
}

