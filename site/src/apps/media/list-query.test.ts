import { describe, expect, it } from "vitest";
import { apiQuery, readListState, writeListState } from "../ui/list-state";
import { ADMIN_MEDIA_LIST, countLabel, MEMBER_MEDIA_LIST } from "./list-query";

describe("media list state", () => {
  it("opens the dashboard's pending filter and defaults the rest", () => {
    expect(readListState("?status=pending", ADMIN_MEDIA_LIST)).toMatchObject({ page: 1, sort: "recent", dir: "desc", filters: { status: "pending" } });
    expect(readListState("?type=audio&uploader=u1&sort=title&view=grid", ADMIN_MEDIA_LIST)).toMatchObject({ sort: "title", dir: "asc", filters: { type: "audio", uploader: "u1" } });
  });

  it("keeps the grid view and an open modal in the address when the list changes", () => {
    const state = { ...readListState("", ADMIN_MEDIA_LIST), sort: "type" as const, dir: "asc" as const, filters: { type: "pdf" } };
    expect(writeListState("?view=grid&edit=m1", state, ADMIN_MEDIA_LIST)).toBe("?view=grid&edit=m1&type=pdf&sort=type");
  });

  it("asks the member's list for their own media only with mine=1", () => {
    expect(apiQuery(readListState("?mine=1&q=chant", MEMBER_MEDIA_LIST))).toEqual({ page: 1, pageSize: 50, sort: "recent", dir: "desc", q: "chant", mine: "1" });
  });

  it("says Aucun média, 1 média, n médias", () => {
    expect(countLabel(0)).toBe("Aucun média");
    expect(countLabel(1)).toBe("1 média");
    expect(countLabel(20000)).toBe("20\u202f000 médias");
  });
});
