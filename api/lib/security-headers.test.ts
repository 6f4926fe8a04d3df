import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { configureSecurityHeaders, CSP_HASHES_FILE, SECURITY_HEADERS, useBuildScriptHashes, withSecurityHeaders } from "./security-headers";

describe("security headers", () => {
  afterEach(() => configureSecurityHeaders({ publicUrl: "http://localhost:4321" }));

  it("asks browsers to keep to https (HSTS) when the public address is https", () => {
    configureSecurityHeaders({ publicUrl: "https://institut.example" });
    expect(withSecurityHeaders(new Response("x")).headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);
    expect(SECURITY_HEADERS["strict-transport-security"]).toBeDefined();
  });

  it("sends no HSTS over plain http, where browsers would ignore it anyway", () => {
    configureSecurityHeaders({ publicUrl: "http://localhost:4321" });
    expect(withSecurityHeaders(new Response("x")).headers.get("strict-transport-security")).toBeNull();
  });

  it("allows no inline script but those of the live build, by hash", () => {
    const scriptSrc = () => SECURITY_HEADERS["content-security-policy"]!.split(";").find((d) => d.trim().startsWith("script-src"))!;
    expect(scriptSrc()).not.toContain("'unsafe-inline'");
    const dir = mkdtempSync(join(tmpdir(), "csp-"));
    try {
      const hash = "'sha256-qOhFsq0QMV2REqNwk5hGH5bZE9SkX6gt6yeyKdYPv+U='";
      writeFileSync(join(dir, CSP_HASHES_FILE), JSON.stringify({ scriptHashes: [hash, "'unsafe-inline'"] }));
      useBuildScriptHashes(dir);
      expect(scriptSrc()).toContain(hash);
      expect(scriptSrc()).not.toContain("'unsafe-inline'");
      useBuildScriptHashes(null);
      expect(scriptSrc()).not.toContain("sha256");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
