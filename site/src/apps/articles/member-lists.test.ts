import { describe, expect, it } from "vitest";
import { apiQuery, nextState, readListState, writeListState } from "../ui/list-state";
import { articleCount, MEMBER_ARTICLES, MY_ARTICLES } from "./member-lists";

describe("the two article lists of /user/articles in one address", () => {
  it("opens the dashboard's pending link on the member's own list only", () => {
    expect(readListState("?status=pending", MY_ARTICLES)).toMatchObject({ page: 1, sort: "recent", filters: { status: "pending" } });
    expect(readListState("?status=pending&page=3", MEMBER_ARTICLES)).toMatchObject({ page: 1, filters: {} });
  });

  it("keeps each list's page, sort and search under its own keys, the open modal untouched", () => {
    const mine = nextState(readListState("", MY_ARTICLES), { q: "dunes", sort: "title" }, MY_ARTICLES);
    const address = writeListState("?edit=a1", { ...mine, page: 2 }, MY_ARTICLES);
    expect(address).toBe("?edit=a1&q=dunes&sort=title&page=2");
    const others = nextState(readListState(address, MEMBER_ARTICLES), { q: "mer", sort: "author", pageSize: 25 }, MEMBER_ARTICLES);
    const both = writeListState(address, { ...others, page: 4 }, MEMBER_ARTICLES);
    expect(both).toBe("?edit=a1&q=dunes&sort=title&page=2&membres.q=mer&membres.sort=author&membres.pageSize=25&membres.page=4");
    expect(readListState(both, MY_ARTICLES)).toMatchObject({ q: "dunes", sort: "title", page: 2, pageSize: 50 });
    expect(readListState(both, MEMBER_ARTICLES)).toMatchObject({ q: "mer", sort: "author", page: 4, pageSize: 25 });
    // The API is asked with plain names.
    expect(apiQuery(readListState(both, MEMBER_ARTICLES))).toEqual({ page: 4, pageSize: 25, sort: "author", dir: "asc", q: "mer" });
  });

  it("counts articles in French", () => {
    expect(articleCount(0)).toBe("Aucun article");
    expect(articleCount(1)).toBe("1 article");
    expect(articleCount(2)).toBe("2 articles");
  });
});
