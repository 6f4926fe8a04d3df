import { afterEach, describe, expect, it } from "vitest";
import { configureSecurityHeaders, SECURITY_HEADERS, withSecurityHeaders } from "./security-headers";

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
});
