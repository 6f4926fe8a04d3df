import { describe, expect, it } from "vitest";
import { boundaryOf, MultipartError, MultipartParser, type MultipartEvent } from "./multipart";

const B = "----formBoundary7MA4YWxk";

/** A body with two text fields, a repeated one and a file whose bytes look almost like a delimiter. */
function sampleBody(): Uint8Array {
  // Near misses of the delimiter: a short prefix, a lone dash, the boundary with its last character changed.
  const safeFile = `line one\r\n--${B.slice(0, 10)} not a delimiter\r\n-\r\n--${B.slice(0, -1)}X end`;
  const text =
    `preamble to ignore\r\n--${B}\r\n` +
    `Content-Disposition: form-data; name="title"\r\n\r\nÉté à Gorée\r\n--${B}\r\n` +
    `Content-Disposition: form-data; name="themes"\r\n\r\na\r\n--${B}\r\n` +
    `Content-Disposition: form-data; name="themes"\r\n\r\nb\r\n--${B}\r\n` +
    `Content-Disposition: form-data; name="file"; filename="../../etc/pa\\"ss.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n${safeFile}\r\n--${B}\r\n` +
    `Content-Disposition: form-data; name="empty"\r\n\r\n\r\n--${B}--\r\nepilogue`;
  return new TextEncoder().encode(text);
}

/** Feeds chunks and rebuilds parts as { name, filename, text }. */
function parse(chunks: Uint8Array[]) {
  const parser = new MultipartParser(B);
  const parts: { name: string; filename: string | null; type: string | null; bytes: number[] }[] = [];
  const events: MultipartEvent["type"][] = [];
  for (const chunk of chunks) {
    for (const e of parser.write(chunk)) {
      events.push(e.type);
      if (e.type === "part") parts.push({ name: e.part.name, filename: e.part.filename, type: e.part.contentType, bytes: [] });
      if (e.type === "data") parts.at(-1)!.bytes.push(...e.data);
    }
  }
  parser.end();
  return { parts: parts.map((p) => ({ ...p, text: new TextDecoder().decode(new Uint8Array(p.bytes)), bytes: undefined })), events };
}

describe("multipart parser", () => {
  const body = sampleBody();
  const whole = parse([body]);

  it("reads fields, repeated fields, a file part and its headers, ignoring preamble and epilogue", () => {
    expect(whole.parts.map((p) => [p.name, p.filename, p.text])).toEqual([
      ["title", null, "Été à Gorée"],
      ["themes", null, "a"],
      ["themes", null, "b"],
      ["file", '../../etc/pa"ss.mp3', expect.stringContaining("not a delimiter")],
      ["empty", null, ""],
    ]);
    expect(whole.parts[3]!.type).toBe("audio/mpeg");
    expect(whole.events.at(-1)).toBe("done");
  });

  it("gives the same parts whatever the position a body is split at", () => {
    for (let i = 0; i <= body.length; i++) {
      expect(parse([body.subarray(0, i), body.subarray(i)]).parts, `split at ${i}`).toEqual(whole.parts);
    }
  });

  it("gives the same parts when split at two positions, and byte by byte", () => {
    for (let i = 0; i < body.length; i += 7) {
      for (let j = i; j <= body.length; j += 5) {
        expect(parse([body.subarray(0, i), body.subarray(i, j), body.subarray(j)]).parts).toEqual(whole.parts);
      }
    }
    expect(parse([...body].map((b) => new Uint8Array([b]))).parts).toEqual(whole.parts);
  });

  it("never holds more than a delimiter's length of file bytes back", () => {
    const parser = new MultipartParser(B);
    parser.write(new TextEncoder().encode(`--${B}\r\nContent-Disposition: form-data; name="f"; filename="x"\r\n\r\n`));
    const chunk = new Uint8Array(100_000).fill(0x61);
    const out = parser.write(chunk);
    const emitted = out.reduce((n, e) => n + (e.type === "data" ? e.data.length : 0), 0);
    expect(emitted).toBeGreaterThanOrEqual(chunk.length - (B.length + 4));
  });

  it("refuses a body that ends before its closing delimiter", () => {
    const body = new TextEncoder().encode(`--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue`);
    const parser = new MultipartParser(B);
    parser.write(body);
    expect(() => parser.end()).toThrow(MultipartError);
  });

  it("refuses parts without a form-data name and endless part headers", () => {
    const noName = new TextEncoder().encode(`--${B}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${B}--`);
    expect(() => new MultipartParser(B).write(noName)).toThrow(MultipartError);
    const parser = new MultipartParser(B);
    parser.write(new TextEncoder().encode(`--${B}\r\nX: `));
    expect(() => parser.write(new Uint8Array(10_000).fill(0x61))).toThrow(MultipartError);
  });

  it("reads the boundary of a multipart content type only", () => {
    expect(boundaryOf(`multipart/form-data; boundary=${B}`)).toBe(B);
    expect(boundaryOf(`multipart/form-data; charset=utf-8; boundary="a b"`)).toBe("a b");
    expect(boundaryOf("application/json")).toBeNull();
    expect(boundaryOf("multipart/form-data")).toBeNull();
    expect(boundaryOf(null)).toBeNull();
  });
});
