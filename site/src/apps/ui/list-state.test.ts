import { describe, expect, it } from "vitest";
import { apiQuery, countText, isFiltered, nextState, readListState, writeListState, type ListConfig } from "./list-state";

const config: ListConfig<"recent" | "title", "status" | "theme"> = {
  sorts: [
    ["recent", "Plus récents", "desc"],
    ["title", "Par titre", "asc"],
  ],
  defaultSort: "recent",
  filters: ["status", "theme"],
};

describe("list state in the address", () => {
  it("reads page, size, sort, direction, search and filters, falling back to defaults on anything unknown", () => {
    expect(readListState("?page=3&pageSize=100&sort=title&dir=desc&q=%C3%A9cole&status=pending&edit=x", config)).toEqual({
      page: 3,
      pageSize: 100,
      sort: "title",
      dir: "desc",
      q: "école",
      filters: { status: "pending" },
    });
    expect(readListState("?page=-2&pageSize=30&sort=color&dir=up", config)).toEqual({ page: 1, pageSize: 50, sort: "recent", dir: "desc", q: "", filters: {} });
  });

  it("writes only what differs from the defaults and keeps other parameters (an open modal)", () => {
    const state = readListState("", config);
    expect(writeListState("?edit=abc", state, config)).toBe("?edit=abc");
    expect(writeListState("?new", { ...state, sort: "title", dir: "asc", q: "mer", page: 2, filters: { theme: "t1" } }, config)).toBe("?new&theme=t1&q=mer&sort=title&page=2");
    // Round trip.
    const full = { page: 4, pageSize: 25 as const, sort: "title" as const, dir: "desc" as const, q: "gorée", filters: { status: "online" } };
    expect(readListState(writeListState("", full, config), config)).toEqual(full);
  });

  it("goes back to page 1 on any change but the page, and starts a new sort in its own direction", () => {
    const state = readListState("?page=5&sort=recent", config);
    expect(nextState(state, { sort: "title" }, config)).toMatchObject({ page: 1, sort: "title", dir: "asc" });
    expect(nextState(state, { page: 6 }, config)).toMatchObject({ page: 6 });
    expect(nextState(state, { filters: { status: "pending" } }, config)).toMatchObject({ page: 1, filters: { status: "pending" } });
  });

  it("asks the API for the paged shape with every parameter", () => {
    expect(apiQuery(readListState("?q=+ecole+&status=pending", config))).toEqual({ page: 1, pageSize: 50, sort: "recent", dir: "desc", q: "ecole", status: "pending" });
  });

  it("calls a list filtered when a search or a filter narrows it, not when the search is only spaces", () => {
    expect(isFiltered(readListState("?q=+++&sort=title", config))).toBe(false);
    expect(isFiltered(readListState("?q=ecole", config))).toBe(true);
    expect(isFiltered(readListState("?status=pending", config))).toBe(true);
  });

  it("counts in French", () => {
    expect(countText(0, ["article", "articles"], "Aucun article")).toBe("Aucun article");
    expect(countText(1, ["article", "articles"], "Aucun article")).toBe("1 article");
    expect(countText(50000, ["article", "articles"], "Aucun article")).toBe("50\u202f000 articles");
    // A broad search counted up to the server's cap.
    expect(countText(10000, ["article", "articles"], "Aucun article", true)).toBe("plus de 10\u202f000 articles");
  });
});
