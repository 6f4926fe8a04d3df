/**
 * The address of the client behind a request. The listening file (api/server.ts) hands requests to Elysia with
 * `app.handle()`, where Elysia knows no server, so it stamps the address it saw on this header first, always
 * replacing whatever a client sent under that name. Tests set it to play different addresses.
 *
 * Behind a reverse proxy every request comes from the proxy's address, so every visitor would share one rate
 * limit. TRUST_PROXY names the proxies (addresses or CIDR ranges) whose `X-Forwarded-For` is believed; anyone
 * else's is ignored, since any client can send that header.
 */
export const CLIENT_IP_HEADER = "x-client-ip";

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) || "unknown";
}

/** A copy of `request` carrying the address the socket reported (the client's own header is overwritten). */
export function withClientIp(request: Request, address: string | undefined): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, address ?? "unknown");
  // From the URL with the body's stream: `new Request(request, init)` makes Bun read the whole body into memory
  // first (a 200 MB upload cost 240 MB of RSS); this way uploads stay streamed.
  return new Request(request.url, { method: request.method, headers, body: request.body, signal: request.signal, duplex: "half" } as RequestInit);
}

/** Whether an address belongs to a trusted proxy. */
export type TrustedProxies = (address: string) => boolean;

type Range = { v6: boolean; base: bigint; bits: number };

/** "::ffff:10.0.0.1" (an IPv4 client on a dual-stack socket) is 10.0.0.1. */
function unmap(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m ? m[1]! : address;
}

function parseV4(s: string): bigint | null {
  const parts = s.split(".");
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = (n << 8n) | BigInt(p);
  }
  return n;
}

function parseV6(s: string): bigint | null {
  if (!/^[0-9a-f:.]+$/i.test(s) || s.split("::").length > 2) return null;
  let tail = s;
  let v4: bigint | null = null;
  const lastColon = s.lastIndexOf(":");
  if (s.slice(lastColon + 1).includes(".")) {
    v4 = parseV4(s.slice(lastColon + 1));
    if (v4 === null) return null;
    tail = `${s.slice(0, lastColon + 1)}0:0`;
  }
  const [head, rest] = tail.includes("::") ? tail.split("::") : [tail, null];
  const headGroups = head ? head.split(":") : [];
  const restGroups = rest ? rest.split(":") : [];
  const missing = 8 - headGroups.length - restGroups.length;
  if ((rest === null && missing !== 0) || missing < 0) return null;
  const groups = [...headGroups, ...Array(rest === null ? 0 : missing).fill("0"), ...restGroups];
  let n = 0n;
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
    n = (n << 16n) | BigInt(`0x${g}`);
  }
  return v4 === null ? n : (n & ~0xffffffffn) | v4;
}

function parseAddress(address: string): { v6: boolean; n: bigint } | null {
  const a = unmap(address.trim());
  const v4 = parseV4(a);
  if (v4 !== null) return { v6: false, n: v4 };
  const v6 = parseV6(a);
  return v6 === null ? null : { v6: true, n: v6 };
}

function parseRange(entry: string): Range | null {
  const [addr, prefix, extra] = entry.trim().split("/");
  if (extra !== undefined || !addr) return null;
  const parsed = parseAddress(addr);
  if (!parsed) return null;
  const max = parsed.v6 ? 128 : 32;
  const bits = prefix === undefined ? max : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (!(bits >= 0 && bits <= max)) return null;
  const shift = BigInt(max - bits);
  return { v6: parsed.v6, base: (parsed.n >> shift) << shift, bits };
}

/**
 * The TRUST_PROXY setting: a comma-separated list of addresses and CIDR ranges (IPv4 or IPv6), or empty for no
 * proxy. Throws on an entry that is neither, naming it.
 */
export function parseTrustProxy(raw: string | undefined): TrustedProxies | null {
  const entries = (raw ?? "").split(",").map((e) => e.trim()).filter(Boolean);
  if (entries.length === 0) return null;
  const ranges = entries.map((e) => {
    const r = parseRange(e);
    if (!r) throw new Error(`"${e}" is not an IP address or CIDR range`);
    return r;
  });
  return (address) => {
    const a = parseAddress(address);
    if (!a) return false;
    return ranges.some((r) => {
      if (r.v6 !== a.v6) return false;
      const shift = BigInt((r.v6 ? 128 : 32) - r.bits);
      return (a.n >> shift) << shift === r.base;
    });
  };
}

/**
 * The client's address for a request that arrived from `socketAddress`. Only when that socket is a trusted proxy
 * is `X-Forwarded-For` read, from the right (each proxy appends the address it saw): the first address that is
 * not a trusted proxy is the client. Entries left of it were written by the client and prove nothing.
 */
export function resolveClientAddress(request: Request, socketAddress: string | undefined, trusted: TrustedProxies | null): string | undefined {
  if (!trusted || !socketAddress || !trusted(socketAddress)) return socketAddress;
  const forwarded = request.headers.get("x-forwarded-for");
  if (!forwarded) return socketAddress;
  const hops = forwarded.split(",").map((h) => h.trim());
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (!parseAddress(hop)) return socketAddress; // garbage: do not guess past it
    if (!trusted(hop)) return unmap(hop);
  }
  return unmap(hops[0]!);
}
