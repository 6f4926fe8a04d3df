import { describe, expect, it } from "vitest";
import { clientIp, withClientIp } from "./client-ip";

describe("client address", () => {
  it("replaces any address a client claims with the one the socket saw", () => {
    const forged = new Request("http://x/api/auth/login", { method: "POST", headers: { "x-client-ip": "1.2.3.4" }, body: "{}" });
    expect(clientIp(withClientIp(forged, "203.0.113.9"))).toBe("203.0.113.9");
  });
  it("falls back to unknown", () => {
    expect(clientIp(new Request("http://x/"))).toBe("unknown");
  });
});
