import { describe, expect, it } from "vitest";
import { HOP_HEADER, hopCheck, hopRefused, newHopSecret } from "./internal-hop";

const withHop = (value?: string) => new Request("http://127.0.0.1:9/api/auth/login", { headers: value === undefined ? {} : { [HOP_HEADER]: value } });

describe("the internal hop's secret", () => {
  it("draws a new unguessable secret at each start", () => {
    const a = newHopSecret();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newHopSecret()).not.toBe(a);
  });

  it("accepts exactly the secret and refuses a missing, empty, shortened, lengthened or other one", () => {
    const secret = newHopSecret();
    const fromWorker = hopCheck(secret);
    expect(fromWorker(withHop(secret))).toBe(true);
    for (const wrong of [undefined, "", secret.slice(0, -1), `${secret}x`, newHopSecret(), secret.toUpperCase()]) {
      expect(fromWorker(withHop(wrong))).toBe(false);
    }
  });

  it("refuses to run with a short secret", () => {
    expect(() => hopCheck("court")).toThrow();
  });

  it("answers a refused hop with 403 and a French message", async () => {
    const res = hopRefused();
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "Accès refusé." });
  });
});
