/**
 * Listing a props-only route in part (pages-in-part.ts): the first listing and any listing that does not continue
 * this process's last one give every page; a continuing one gives the pages whose props changed or are new, and
 * names them and the pages gone as touched. Props compare by value, identity first.
 */
import { describe, expect, it } from "vitest";
import { beginListing, currentListing } from "./listing-scope";
import { pagesInPart, sameValue } from "./pages-in-part";

const row = (url: string) => ({ url, title: url.toUpperCase() });
const path = (list: string, rows: object[], extra: Record<string, unknown> = {}) => ({ params: { list }, props: { rows, ...extra } });
const pathname = (p: { params: { list?: string } }) => `/l/${p.params.list}`;
const ROUTE = "/l/[...list]";

describe("a route listed in part", () => {
  it("lists every page until a listing continues the last one, then only what changed", () => {
    const [a, b, c] = [row("a"), row("b"), row("c")];
    const first = [path("1", [a, b], { theme: { name: "Éco" } }), path("2", [c])];
    let token = beginListing(null);
    expect(pagesInPart(ROUTE, first, pathname)).toHaveLength(2);
    expect(currentListing().partial.size).toBe(0);

    // The same rows in new arrays, a theme equal by value: nothing to list.
    token = beginListing(token);
    expect(pagesInPart(ROUTE, [path("1", [a, b], { theme: { name: "Éco" } }), path("2", [c])], pathname)).toEqual([]);
    expect([...currentListing().partial.get(ROUTE)!]).toEqual([]);

    // One row changed (a new object), a page gone, a page new.
    const b2 = row("b2");
    token = beginListing(token);
    const listed = pagesInPart(ROUTE, [path("1", [a, b2], { theme: { name: "Éco" } }), path("3", [c])], pathname);
    expect(listed.map(pathname)).toEqual(["/l/1", "/l/3"]);
    expect([...currentListing().partial.get(ROUTE)!].sort()).toEqual(["/l/1", "/l/2", "/l/3"]);

    // A listing on top of another build (a restart, a failure: the chain is broken) lists everything.
    beginListing("another-process");
    expect(pagesInPart(ROUTE, [path("1", [a, b2], { theme: { name: "Éco" } }), path("3", [c])], pathname)).toHaveLength(2);
    expect(currentListing().partial.has(ROUTE)).toBe(false);
  });

  it("compares props by value, arrays and plain objects member by member", () => {
    const shared = { url: "x" };
    expect(sameValue({ rows: [shared], n: 1, t: null }, { rows: [shared], n: 1, t: null })).toBe(true);
    expect(sameValue({ rows: [{ url: "x" }] }, { rows: [{ url: "x" }] })).toBe(true);
    expect(sameValue({ rows: [shared] }, { rows: [shared, shared] })).toBe(false);
    expect(sameValue({ counts: { list: 3 } }, { counts: { list: 4 } })).toBe(false);
    expect(sameValue({ a: 1 }, { b: 1 })).toBe(false);
    expect(sameValue({ a: undefined }, {})).toBe(false);
    expect(sameValue([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameValue(new Date(0), new Date(0))).toBe(false);
  });
});

describe("a route asked twice in one listing", () => {
  it("gets the same pages both times", () => {
    const route = "/twice/[...list]";
    const [a, b] = [row("a"), row("b")];
    let token = beginListing(null);
    pagesInPart(route, [path("1", [a]), path("2", [b])], pathname);
    token = beginListing(token);
    const changed = [path("1", [a]), path("2", [row("b2")])];
    const once = pagesInPart(route, changed, pathname);
    expect(once.map(pathname)).toEqual(["/l/2"]);
    expect(pagesInPart(route, changed, pathname)).toBe(once);
  });
});

describe("a page that computes something from the clock", () => {
  it("is listed when that moved, its props the same", () => {
    const route = "/clock/[...list]";
    const event = { url: "e" };
    let badge = "upcoming";
    const paths = () => [path("1", [event])];
    let token = beginListing(null);
    pagesInPart(route, paths(), pathname, () => badge);
    token = beginListing(token);
    expect(pagesInPart(route, paths(), pathname, () => badge)).toEqual([]);
    badge = "ongoing";
    beginListing(token);
    expect(pagesInPart(route, paths(), pathname, () => badge).map(pathname)).toEqual(["/l/1"]);
  });
});
