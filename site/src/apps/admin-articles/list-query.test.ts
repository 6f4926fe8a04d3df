import { describe, expect, it } from "vitest";
import { readListState, writeListState } from "../ui/list-state";
import { ARTICLE_LIST, countLabel } from "./list-query";

describe("admin article list state", () => {
  it("opens the pending filter from the dashboard's link and defaults the rest", () => {
    expect(readListState("?status=pending", ARTICLE_LIST)).toMatchObject({ page: 1, sort: "recent", dir: "desc", filters: { status: "pending" } });
    expect(readListState("?page=3&sort=title", ARTICLE_LIST)).toMatchObject({ page: 3, sort: "title", dir: "asc", filters: {} });
  });

  it("writes a sort chosen in the list as the address the other journeys expect", () => {
    expect(writeListState("", { ...readListState("", ARTICLE_LIST), sort: "status", dir: "asc" }, ARTICLE_LIST)).toBe("?sort=status");
  });

  it("says Aucun article, 1 article, n articles", () => {
    expect(countLabel(0)).toBe("Aucun article");
    expect(countLabel(1)).toBe("1 article");
    expect(countLabel(5000)).toBe("5\u202f000 articles");
  });
});
