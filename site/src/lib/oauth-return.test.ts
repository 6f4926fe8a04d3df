import { describe, expect, it } from "vitest";
import { readOAuthReturn } from "./oauth-return";

describe("reading the provider's return URL", () => {
  it("prefers an access token in the hash", () => {
    expect(readOAuthReturn("https://x/auth/callback?code=c&state=s#access_token=h").credential).toBe("h");
  });
  it("falls back to an access token, then a code, in the query", () => {
    expect(readOAuthReturn("https://x/auth/callback?access_token=q&code=c").credential).toBe("q");
    expect(readOAuthReturn("https://x/auth/callback?code=c&state=s")).toEqual({ credential: "c", state: "s" });
  });
  it("fails with the spec's message when nothing came back", () => {
    expect(() => readOAuthReturn("https://x/auth/callback")).toThrow("No access token or authorization code found in URL");
  });
});
