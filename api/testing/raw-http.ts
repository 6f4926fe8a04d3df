/**
 * HTTP/1.1 written by hand over a socket, for what fetch will not send: an empty or one-letter Host, an
 * absolute-form request target, a body announced but not (yet) sent. One request per connection.
 */
import net from "node:net";

export type RawAnswer = { status: number; headers: Record<string, string>; body: string };

export type RawRequest = {
  method: string;
  /** The request target as written on the request line: `/path`, `//path`, `http://host/path`. */
  target: string;
  /** The Host header's value; null sends none. */
  host: string | null;
  headers?: Record<string, string>;
  body?: string;
  /** Announce the body's length but send none of it: the answer must come without it. */
  withholdBody?: boolean;
  /**
   * Called once the request line is sent and before the rest (e.g. to see which process accepted the connection:
   * Bun's listener takes a connection only once bytes arrive on it).
   */
  afterRequestLine?: (socket: net.Socket) => Promise<void>;
};

/** Sends one request to `port` on 127.0.0.1 and resolves with the answer as soon as it is complete. */
export function rawRequest(port: number, req: RawRequest): Promise<RawAnswer> {
  const body = req.body ?? "";
  const lines = [`${req.method} ${req.target} HTTP/1.1`];
  if (req.host !== null) lines.push(`Host: ${req.host}`);
  for (const [k, v] of Object.entries(req.headers ?? {})) lines.push(`${k}: ${v}`);
  if (body || req.withholdBody) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  lines.push("Connection: close", "", "");
  const head = lines.join("\r\n");
  return new Promise((resolve, reject) => {
    const all = req.withholdBody ? head : head + body;
    const socket = net.connect(port, "127.0.0.1", () => {
      if (!req.afterRequestLine) return void socket.write(all);
      const split = all.indexOf("\r\n") + 2;
      socket.write(all.slice(0, split));
      req.afterRequestLine(socket).then(() => socket.write(all.slice(split)), reject);
    });
    let data = Buffer.alloc(0);
    const finish = () => {
      const answer = parse(data);
      if (!answer) return false;
      socket.destroy();
      resolve(answer);
      return true;
    };
    socket.on("data", (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      finish();
    });
    socket.on("end", () => {
      if (!finish()) reject(new Error(`incomplete answer: ${JSON.stringify(data.toString("latin1").slice(0, 300))}`));
    });
    socket.on("error", reject);
  });
}

/** The answer in `data` if it is complete (Content-Length or chunked), else null. */
function parse(data: Buffer): RawAnswer | null {
  const end = data.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const [statusLine, ...headerLines] = data.subarray(0, end).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = data.subarray(end + 4);
  const status = Number(statusLine!.split(" ")[1]);
  if (headers["transfer-encoding"] === "chunked") {
    const chunks: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = rest.indexOf("\r\n", at);
      if (lineEnd < 0) return null;
      const size = Number.parseInt(rest.subarray(at, lineEnd).toString("latin1"), 16);
      if (size === 0) return { status, headers, body: Buffer.concat(chunks).toString("utf8") };
      if (rest.length < lineEnd + 2 + size + 2) return null;
      chunks.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
  }
  const length = Number(headers["content-length"] ?? 0);
  if (rest.length < length) return null;
  return { status, headers, body: rest.subarray(0, length).toString("utf8") };
}
