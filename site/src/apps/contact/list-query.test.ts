import { describe, expect, it } from "vitest";
import { apiQuery, readListState, writeListState } from "../ui/list-state";
import { eventCount, EVENT_LIST } from "../events/list-query";
import { themeCount, THEME_LIST } from "../themes/list-query";
import { CONTACT_LIST, messageCount } from "./list-query";

describe("the event, theme and contact lists' state and counts", () => {
  it("reads and writes the event filters, the search and the page size from the address", () => {
    const state = readListState("?q=gor%C3%A9e&status=offline&when=past&from=2026-01-01&pageSize=25&sort=created", EVENT_LIST);
    expect(state).toMatchObject({ q: "gorée", sort: "created", dir: "desc", pageSize: 25, filters: { status: "offline", when: "past", from: "2026-01-01" } });
    expect(apiQuery(state)).toEqual({ page: 1, pageSize: 25, sort: "created", dir: "desc", q: "gorée", status: "offline", when: "past", from: "2026-01-01" });
    expect(writeListState("", state, EVENT_LIST)).toBe("?status=offline&when=past&from=2026-01-01&q=gor%C3%A9e&sort=created&pageSize=25");
  });

  it("keeps the order of themes and messages as a direction of their one sort", () => {
    expect(writeListState("", { ...readListState("", THEME_LIST), dir: "desc" }, THEME_LIST)).toBe("?dir=desc");
    expect(readListState("?unread=1&dir=asc", CONTACT_LIST)).toMatchObject({ sort: "recent", dir: "asc", filters: { unread: "1" } });
  });

  it("counts events, themes and messages in French", () => {
    expect([eventCount(0), eventCount(1), eventCount(12)]).toEqual(["Aucun événement", "1 événement", "12 événements"]);
    expect([themeCount(0), themeCount(1), themeCount(3)]).toEqual(["Aucun thème", "1 thème", "3 thèmes"]);
    expect([messageCount(1), messageCount(1200)]).toEqual(["1 message", "1\u202f200 messages"]);
  });
});
