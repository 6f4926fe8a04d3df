import { describe, expect, it } from "vitest";
import { copyright } from "../site/src/lib/site";
import { buildKey } from "./partial-build";

describe("the year in the footer", () => {
  it("is the year the page is built", () => {
    expect(copyright(new Date("2027-03-01T10:00:00Z"))).toBe("© 2027 L'Institut. Tous droits réservés.");
  });

  it("changes the build key at the new year, so every page is rendered again, and only then", () => {
    const root = process.cwd();
    const lastDay = buildKey(root, new Date("2026-12-31T23:59:00Z"));
    expect(buildKey(root, new Date("2026-01-01T00:00:00Z"))).toBe(lastDay);
    expect(buildKey(root, new Date("2027-01-01T00:00:00Z"))).not.toBe(lastDay);
  });
});
