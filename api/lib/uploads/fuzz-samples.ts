/**
 * Hostile files for the upload fuzz test (fuzz.test.ts): decompression bombs, polyglots and lies about the
 * format, each built in memory from a few bytes so that the test needs no fixture files.
 */
import { deflateSync } from "node:zlib";
import { picture, type Bytes } from "./samples";

const latin1 = (s: string) => Buffer.from(s, "latin1");
const u8 = (b: Buffer): Bytes => new Uint8Array(b);

/** Text that must never come back out of a stored file (the "payload" of the polyglots). */
export const PAYLOAD = "<script>alert(document.domain)</script>";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(b: Buffer): number {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([latin1(type), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ihdr(width: number, height: number, bitDepth: number, colorType: number): Buffer {
  const b = Buffer.alloc(13);
  b.writeUInt32BE(width, 0);
  b.writeUInt32BE(height, 4);
  b.set([bitDepth, colorType, 0, 0, 0], 8);
  return pngChunk("IHDR", b);
}

/** A PNG of under 100 bytes whose header claims `width` x `height` RGB pixels (50,000 x 50,000: 7.5 GB decoded). */
export function pngHeaderBomb(width = 50_000, height = 50_000): Bytes {
  const idat = pngChunk("IDAT", deflateSync(Buffer.alloc(16)));
  return u8(Buffer.concat([PNG_SIGNATURE, ihdr(width, height, 8, 2), idat, pngChunk("IEND", Buffer.alloc(0))]));
}

/**
 * A complete, valid PNG of 10,000 x 6,000 one-bit pixels (60 megapixels, over the 50-megapixel limit) that
 * compresses to a few kilobytes: a real decompression bomb, not just a lying header.
 */
export function pngRealBomb(width = 10_000, height = 6_000): Bytes {
  const row = Buffer.alloc(1 + Math.ceil(width / 8)); // filter byte 0, then zero bits
  const raw = Buffer.alloc(row.length * height);
  return u8(Buffer.concat([PNG_SIGNATURE, ihdr(width, height, 1, 0), pngChunk("IDAT", deflateSync(raw, { level: 9 })), pngChunk("IEND", Buffer.alloc(0))]));
}

/** A GIF whose logical screen and only frame claim 65,535 x 65,535 pixels, with a tiny LZW stream. */
export function gifBomb(): Bytes {
  const b = Buffer.concat([
    latin1("GIF89a"),
    Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00]), // screen 65535 x 65535, no global colour table
    Buffer.from([0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x80]), // image 65535 x 65535, local table of 2
    Buffer.from([0, 0, 0, 0xff, 0xff, 0xff]),
    Buffer.from([0x02, 0x02, 0x4c, 0x01, 0x00]), // LZW min code size 2, one tiny block
    Buffer.from([0x3b]),
  ]);
  return u8(b);
}

/** A baseline JPEG header (SOF0) claiming 65,000 x 65,000 pixels, followed by almost nothing. */
export async function jpegHeaderBomb(): Promise<Bytes> {
  const real = Buffer.from(await picture("jpeg", 16, 16));
  // Rewrite the height and width of the first SOF0 marker (FF C0 len(2) precision(1) height(2) width(2)).
  const at = real.indexOf(Buffer.from([0xff, 0xc0]));
  if (at < 0) throw new Error("no SOF0 marker in the sample JPEG");
  real.writeUInt16BE(65_000, at + 5);
  real.writeUInt16BE(65_000, at + 7);
  return u8(real);
}

/** A WebP (VP8X) whose canvas claims 16,384 x 16,384 pixels (268 megapixels) around a tiny real frame. */
export async function webpHeaderBomb(): Promise<Bytes> {
  const real = Buffer.from(await picture("webp", 16, 16));
  // RIFF....WEBP then the first chunk; wrap it in a VP8X chunk with a huge canvas.
  const first = real.subarray(12);
  const vp8x = Buffer.alloc(18);
  vp8x.write("VP8X", 0, "latin1");
  vp8x.writeUInt32LE(10, 4);
  vp8x.writeUIntLE(16_383, 12, 3); // canvas width - 1
  vp8x.writeUIntLE(16_383, 15, 3); // canvas height - 1
  const body = Buffer.concat([latin1("WEBP"), vp8x, first]);
  const head = Buffer.alloc(8);
  head.write("RIFF", 0, "latin1");
  head.writeUInt32LE(body.length, 4);
  return u8(Buffer.concat([head, body]));
}

/**
 * The classic GIF/JavaScript polyglot: `GIF89a/*` is both a GIF header (a 10,799-pixel-wide screen) and the
 * start of a JS comment, so `<script src="x.gif">` would run the `alert` after it.
 */
export function gifJsPolyglot(): Bytes {
  return u8(
    Buffer.concat([
      latin1("GIF89a/*"),
      Buffer.from([0x0a, 0x00, 0x00, 0xff, 0x00, 0x2c, 0, 0, 0, 0, 0x0a, 0x00, 0x0a, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
      latin1(`*/=1;alert(document.domain);//${PAYLOAD}`),
    ]),
  );
}

/** A real, decodable GIF carrying the payload in a comment extension (kept by naive copying, dropped by re-encoding). */
export async function gifWithComment(): Promise<Bytes> {
  const real = Buffer.from(await picture("gif", 16, 16));
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, PAYLOAD.length]), latin1(PAYLOAD), Buffer.from([0])]);
  // After the header (6), the logical screen descriptor (7) and the global colour table, if any.
  const flags = real[10]!;
  const table = flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0;
  const at = 13 + table;
  return u8(Buffer.concat([real.subarray(0, at), comment, real.subarray(at)]));
}

/** A PDF whose body is also an HTML page with a script (what a browser sniffing the content would run). */
export function pdfWithHtml(): Bytes {
  return u8(latin1(`%PDF-1.4\n%<html><body>${PAYLOAD}</body></html>\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n`));
}

/** A minimal ZIP archive (one stored file named payload.html holding the payload), as a JPEG "with a zip appended" carries. */
export function zipWithPayload(): Buffer {
  const name = latin1("payload.html");
  const data = latin1(PAYLOAD);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const localSize = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(localSize, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/** A valid JPEG with a zip archive appended (a "GIFAR"-style polyglot: a picture to sharp, an archive to unzip). */
export async function jpegWithZip(): Promise<Bytes> {
  return u8(Buffer.concat([Buffer.from(await picture("jpeg", 64, 48)), zipWithPayload()]));
}

/** A valid JPEG with the payload in a COM (comment) segment right after SOI. */
export async function jpegWithComment(): Promise<Bytes> {
  const real = Buffer.from(await picture("jpeg", 64, 48));
  const text = latin1(PAYLOAD);
  const com = Buffer.alloc(4);
  com.writeUInt16BE(0xfffe, 0);
  com.writeUInt16BE(text.length + 2, 2);
  return u8(Buffer.concat([real.subarray(0, 2), com, text, real.subarray(2)]));
}

/** A valid PNG with the payload in a tEXt chunk after IHDR. */
export async function pngWithText(): Promise<Bytes> {
  const real = Buffer.from(await picture("png", 64, 48));
  const afterIhdr = 8 + 25;
  const text = pngChunk("tEXt", Buffer.concat([latin1("Comment\0"), latin1(PAYLOAD)]));
  return u8(Buffer.concat([real.subarray(0, afterIhdr), text, real.subarray(afterIhdr)]));
}

/** First bytes of formats we never take, dressed up with picture names by the test. */
export const WRONG_MAGIC: Record<string, Bytes> = {
  "ELF executable": u8(Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4200, 1)])),
  "Windows executable": u8(Buffer.concat([latin1("MZ"), Buffer.alloc(58, 0), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(4200, 0)])),
  "ZIP archive": u8(zipWithPayload()),
  "HTML page": u8(latin1(`<!doctype html><html><body>${PAYLOAD}</body></html>`)),
  "SVG with a script": u8(latin1(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${PAYLOAD}</svg>`)),
  "plain text": u8(latin1("Bonjour, ceci n'est pas une image.\n".repeat(10))),
  "PNG signature then garbage": u8(Buffer.concat([PNG_SIGNATURE, latin1(PAYLOAD), Buffer.alloc(200, 0x41)])),
  "JPEG start then HTML": u8(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), latin1(`<html>${PAYLOAD}</html>`)])),
};
