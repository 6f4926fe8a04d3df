/**
 * Small files of each accepted format (and a few refused ones) made in memory, for upload tests anywhere in the
 * project: the first bytes are what the format check reads, the rest is filler.
 */
import sharp from "sharp";

/** Bytes backed by a plain ArrayBuffer, so they go straight into `new File([...])`. */
export type Bytes = Uint8Array<ArrayBuffer>;

const ascii = (s: string): Bytes => new TextEncoder().encode(s);

function withFiller(head: Uint8Array, size: number): Bytes {
  const out = new Uint8Array(Math.max(size, head.length));
  out.set(head);
  for (let i = head.length; i < out.length; i++) out[i] = (i * 31) & 0xff;
  return out;
}

/** An MP3 starting with an ID3v2 tag (10 bytes of frames) and an MPEG-1 Layer III frame header. */
export const mp3 = (size = 6000) =>
  withFiller(new Uint8Array([...ascii("ID3"), 3, 0, 0, 0, 0, 0, 10, ...new Uint8Array(10), 0xff, 0xfb, 0x90, 0x64]), size);

/** A WAV (RIFF/WAVE) header followed by silence-ish filler. */
export const wav = (size = 6000) => withFiller(new Uint8Array([...ascii("RIFF"), 0, 0, 0, 0, ...ascii("WAVEfmt ")]), size);

/** An MP4: an `ftyp` box with the `isom` brand, then filler (what bench/upload.ts streams at 200 MB). */
export const mp4Head = (): Bytes => new Uint8Array([0, 0, 0, 0x20, ...ascii("ftypisom"), 0, 0, 2, 0, ...ascii("isomiso2avc1mp41")]);
export const mp4 = (size = 6000) => withFiller(mp4Head(), size);

export const pdf = (size = 6000) => withFiller(ascii("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n"), size);

/** Text formats that must never be stored or served as themselves. */
export const html = () => ascii("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
export const svg = () => ascii('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** A real picture of the given format and size, a diagonal gradient so crops and resizes are visible. */
export async function picture(format: "png" | "jpeg" | "webp" | "gif", width = 64, height = 48): Promise<Bytes> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 128;
    }
  }
  return new Uint8Array(await sharp(raw, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer());
}
