import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles, events, media, themes, users } from "./schema";
import { storedColumns } from "./stored-columns";

describe("stored columns", () => {
  it("leave out exactly the folded sort keys, which SQLite computes at each read", () => {
    for (const table of [media, events, articles]) {
      const all = Object.keys(getTableColumns(table));
      expect(Object.keys(storedColumns(table))).toEqual(all.filter((name) => name !== "titleFold" && name !== "titleKey"));
    }
    for (const table of [users, themes]) {
      const all = Object.keys(getTableColumns(table));
      expect(Object.keys(storedColumns(table))).toEqual(all.filter((name) => name !== "nameFold" && name !== "nameKey"));
    }
  });
});
