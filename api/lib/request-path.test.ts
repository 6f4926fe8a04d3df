import { describe, expect, it } from "vitest";
import { pathOf } from "./request-path";

describe("the path of a request URL", () => {
  it("reads the path of an absolute URL, whatever the length of its host", () => {
    expect(pathOf("http://x/api/api/admin/themes")).toBe("/api/api/admin/themes");
    expect(pathOf("http://x:1//api/admin?x=/y")).toBe("//api/admin");
    expect(pathOf("https://[::1]/api/user/me?a=1")).toBe("/api/user/me");
    expect(pathOf("http://localhost/")).toBe("/");
  });

  it("gives null for the bare path Bun hands over when the Host header is empty or malformed", () => {
    // Read by position, "/api/api/admin/themes" once gave "/api/admin/themes".
    for (const url of ["/api/api/admin/themes", "/api/x?next=http://evil/api/admin", "//api/admin/themes", "/api/./admin/../admin", "", "api/x"]) expect(pathOf(url)).toBeNull();
  });
});
