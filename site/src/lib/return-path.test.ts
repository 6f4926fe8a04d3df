import { describe, expect, it } from "vitest";
import { landingFor, loginPath, returnPathFrom, safeReturnPath } from "./return-path";

describe("the page sign-in returns to", () => {
  it("accepts member and admin paths of this site, query and hash kept", () => {
    expect(safeReturnPath("/admin/articles?status=pending")).toBe("/admin/articles?status=pending");
    expect(safeReturnPath("/user/profile#double-authentification")).toBe("/user/profile#double-authentification");
    expect(safeReturnPath("/user")).toBe("/user");
    expect(safeReturnPath("/admin")).toBe("/admin");
  });

  it("refuses other sites, whatever the spelling", () => {
    for (const attempt of [
      "//evil.example",
      "//evil.example/admin/articles",
      "/\\evil.example",
      "/\\/evil.example",
      "\\\\evil.example",
      "https://evil.example",
      "https://evil.example/admin/articles",
      "http:/evil.example",
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "evil.example",
      " /admin/articles",
    ]) {
      expect(safeReturnPath(attempt), attempt).toBeNull();
    }
  });

  it("refuses control characters: encoded CR/LF arrive decoded, and the URL parser drops tabs and newlines", () => {
    expect(returnPathFrom("?next=%2Fadmin%0D%0ALocation%3A%20https%3A%2F%2Fevil.example")).toBeNull();
    expect(safeReturnPath("/\t/evil.example")).toBeNull();
    expect(safeReturnPath("/\n/evil.example")).toBeNull();
    expect(safeReturnPath("/admin\u0000")).toBeNull();
  });

  it("refuses paths outside the member and admin spaces, dot segments resolved first", () => {
    expect(safeReturnPath("/")).toBeNull();
    expect(safeReturnPath("/login")).toBeNull();
    expect(safeReturnPath("/articles")).toBeNull();
    expect(safeReturnPath("/administration")).toBeNull();
    expect(safeReturnPath("/user/../login")).toBeNull();
    expect(safeReturnPath("/admin/%2e%2e/login")).toBeNull();
  });

  it("refuses nothing given, and absurdly long values", () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath("")).toBeNull();
    expect(safeReturnPath(`/admin/${"a".repeat(3000)}`)).toBeNull();
    expect(returnPathFrom("")).toBeNull();
  });

  it("reads /login's next, decoded once", () => {
    expect(returnPathFrom("?next=%2Fadmin%2Farticles%3Fstatus%3Dpending")).toBe("/admin/articles?status=pending");
    expect(returnPathFrom("?next=https%3A%2F%2Fevil.example")).toBeNull();
  });

  it("writes /login with the page to come back to, or plain /login", () => {
    expect(loginPath("/admin/articles?status=pending")).toBe("/login?next=%2Fadmin%2Farticles%3Fstatus%3Dpending");
    expect(returnPathFrom(loginPath("/admin/articles?status=pending&q=%C3%A9cole").slice("/login".length))).toBe("/admin/articles?status=pending&q=%C3%A9cole");
    expect(loginPath("/articles")).toBe("/login");
  });
});

describe("where a sign-in lands without a page to return to", () => {
  it("brings administrators to the back office's dashboard and members to their space", () => {
    expect(landingFor({ role: "admin" })).toBe("/admin/dashboard");
    expect(landingFor({ role: "user" })).toBe("/user/dashboard");
  });
});
