import { describe, expect, it } from "vitest";
import { allowLongRequests } from "./front";

/** The seconds each request is given past Bun's 10 s idle timeout (none: the default stays). */
function allowed(method: string, path: string): number | undefined {
  let seconds: number | undefined;
  allowLongRequests(new Request(`http://localhost${path}`, { method }), { timeout: (_, s) => (seconds = s) });
  return seconds;
}

describe("requests allowed past the idle timeout", () => {
  it("gives « Aperçu » time for its renderer's start, for authors and admins", () => {
    expect(allowed("GET", "/api/user/articles/abc123/preview")).toBeGreaterThan(60);
    expect(allowed("GET", "/api/admin/articles/abc123/preview")).toBeGreaterThan(60);
  });

  it("leaves other member and admin requests to the default timeout", () => {
    expect(allowed("GET", "/api/user/articles/abc123")).toBeUndefined();
    expect(allowed("GET", "/api/user/articles/abc123/preview/x")).toBeUndefined();
    expect(allowed("POST", "/api/admin/articles/abc123/preview")).toBeUndefined();
  });
});
