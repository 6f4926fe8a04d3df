import { describe, expect, it } from "vitest";
import { articles } from "../../db/schema";
import { ftsQuery, orderOf, pageOf, searchWords } from "./list-query";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

const dialect = new SQLiteSyncDialect();
const orderText = (parts: ReturnType<typeof orderOf>) => dialect.sqlToQuery(sql.join(parts, sql`, `)).sql;

describe("list query helper", () => {
  it("turns what a person types into quoted FTS5 prefix terms, every word required", () => {
    expect(ftsQuery("École  numérique")).toBe('"École"* AND "numérique"*');
    // Nothing typed can become FTS syntax: quotes, operators and column filters are cut away as separators.
    expect(ftsQuery('title:x" OR NEAR(a b) -c')).toBe('"title"* AND "x" AND "OR"* AND "NEAR"* AND "a" AND "b" AND "c"');
    expect(ftsQuery("  ,;  ")).toBeNull();
    // unicode61 keeps ligatures: "oeuvre" must also find "Œuvre".
    expect(ftsQuery("oeuvre")).toBe('("oeuvre"* OR "œuvre"*)');
    expect(searchWords("a b c d e f g h i j")).toHaveLength(8);
  });

  it("orders by the sort's keys, then the id in the direction of the last key, and flips all of them", () => {
    const status = { keys: [articles.approved, { key: articles.createdAt, reverse: true as const }], dir: "asc" as const };
    expect(orderText(orderOf(status, articles.id))).toBe('"articles"."approved" asc, "articles"."created_at" desc, "articles"."id" desc');
    expect(orderText(orderOf(status, articles.id, "desc"))).toBe('"articles"."approved" desc, "articles"."created_at" asc, "articles"."id" asc');
    const recent = { keys: [articles.createdAt], dir: "desc" as const };
    expect(orderText(orderOf(recent, articles.id))).toBe('"articles"."created_at" desc, "articles"."id" desc');
  });

  it("accepts pages of 25, 50 or 100 rows only, 50 by default", () => {
    expect(pageOf({})).toEqual({ page: 1, pageSize: 50 });
    expect(pageOf({ page: 3, pageSize: 100 })).toEqual({ page: 3, pageSize: 100 });
    expect(() => pageOf({ pageSize: 30 })).toThrow("Taille de page invalide (25, 50 ou 100).");
  });
});
