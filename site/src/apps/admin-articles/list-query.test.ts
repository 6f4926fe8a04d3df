import { describe, expect, it } from "vitest";
import { countLabel, queryKey, readListQuery, writeListQuery } from "./list-query";

describe("admin article list state", () => {
  it("opens the pending filter from the dashboard's link and defaults the rest", () => {
    expect(readListQuery("?status=pending")).toEqual({ page: 1, sort: "recent", status: "pending" });
    expect(readListQuery("?page=3&sort=title")).toEqual({ page: 3, sort: "title", status: null });
  });

  it("falls back to the defaults for unknown or broken values", () => {
    expect(readListQuery("?page=-2&sort=random&status=lost")).toEqual({ page: 1, sort: "recent", status: null });
    expect(readListQuery("?page=1.5")).toEqual({ page: 1, sort: "recent", status: null });
  });

  it("writes only what differs from the defaults and keeps an open modal's parameter", () => {
    expect(writeListQuery("?edit=abc", { page: 2, sort: "status", status: "pending" })).toBe("?edit=abc&status=pending&sort=status&page=2");
    expect(writeListQuery("?status=pending&page=4", { page: 1, sort: "recent", status: null })).toBe("");
    expect(writeListQuery("?new", { page: 1, sort: "title", status: null })).toBe("?new&sort=title");
  });

  it("gives equal states the same store key", () => {
    expect(queryKey(readListQuery("?sort=title&status=online"))).toBe(queryKey({ page: 1, sort: "title", status: "online" }));
  });

  it("says Aucun article, 1 article, n articles", () => {
    expect(countLabel(0)).toBe("Aucun article");
    expect(countLabel(1)).toBe("1 article");
    expect(countLabel(5000)).toBe("5\u202f000 articles");
  });
});
