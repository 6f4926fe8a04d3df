import { describe, expect, it } from "vitest";
import { clientIp, parseTrustProxy, resolveClientAddress, withClientIp } from "./client-ip";

describe("client address", () => {
  it("replaces any address a client claims with the one the socket saw", () => {
    const forged = new Request("http://x/api/auth/login", { method: "POST", headers: { "x-client-ip": "1.2.3.4" }, body: "{}" });
    expect(clientIp(withClientIp(forged, "203.0.113.9"))).toBe("203.0.113.9");
  });
  it("falls back to unknown", () => {
    expect(clientIp(new Request("http://x/"))).toBe("unknown");
  });
});

describe("client address behind a reverse proxy (TRUST_PROXY)", () => {
  const req = (xff?: string) => new Request("http://x/api/auth/login", { headers: xff ? { "x-forwarded-for": xff } : {} });

  it("ignores X-Forwarded-For when no proxy is trusted (the default)", () => {
    expect(resolveClientAddress(req("1.2.3.4"), "203.0.113.9", parseTrustProxy(""))).toBe("203.0.113.9");
    expect(resolveClientAddress(req("1.2.3.4"), "203.0.113.9", parseTrustProxy(undefined))).toBe("203.0.113.9");
  });

  it("believes X-Forwarded-For only from a configured proxy", () => {
    const trusted = parseTrustProxy("10.0.0.0/8, 127.0.0.1");
    expect(resolveClientAddress(req("198.51.100.4"), "10.1.2.3", trusted)).toBe("198.51.100.4");
    expect(resolveClientAddress(req("198.51.100.4"), "127.0.0.1", trusted)).toBe("198.51.100.4");
    expect(resolveClientAddress(req("198.51.100.4"), "203.0.113.9", trusted)).toBe("203.0.113.9");
  });

  it("takes the last address the proxies did not write, so a client cannot pick its own address", () => {
    const trusted = parseTrustProxy("10.0.0.0/8");
    // The client sent "6.6.6.6"; the outer proxy appended the real client, the inner one the outer proxy.
    expect(resolveClientAddress(req("6.6.6.6, 198.51.100.4, 10.0.0.2"), "10.0.0.1", trusted)).toBe("198.51.100.4");
    expect(resolveClientAddress(req("not-an-ip"), "10.0.0.1", trusted)).toBe("10.0.0.1");
  });

  it("understands IPv6 ranges and IPv4 clients on a dual-stack socket", () => {
    const trusted = parseTrustProxy("fd00::/8, ::1");
    expect(resolveClientAddress(req("2001:db8::7"), "fd12:3456::1", trusted)).toBe("2001:db8::7");
    expect(resolveClientAddress(req("::ffff:198.51.100.4"), "::1", trusted)).toBe("198.51.100.4");
    expect(parseTrustProxy("127.0.0.0/8")!("::ffff:127.0.0.1")).toBe(true);
    expect(parseTrustProxy("2001:db8::/32")!("2001:db9::1")).toBe(false);
  });

  it("refuses an entry that is not an address or range, naming it", () => {
    expect(() => parseTrustProxy("10.0.0.0/8, proxy.local")).toThrow(/proxy\.local/);
    expect(() => parseTrustProxy("10.0.0.0/33")).toThrow();
  });
});
