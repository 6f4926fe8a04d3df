import { describe, expect, it } from "vitest";
import { CLOCK, holdsUntil } from "./clock";
import { eventStatus } from "./event-time";
import { answerDigest, noteRead, readsHold, recordReads, startReadsIndex } from "./page-reads";

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("page reads", () => {
  it("keeps the reads of renders that run at the same time apart", async () => {
    startReadsIndex();
    answerDigest("/a", "da");
    answerDigest("/b", "db");
    const [one, two] = await Promise.all([
      recordReads(async () => {
        noteRead("/a");
        await later(5);
        noteRead("/a");
        return 1;
      }),
      recordReads(async () => {
        await later(1);
        noteRead("/b");
        await later(5);
        return 2;
      }),
    ]);
    expect(one).toEqual({ result: 1, reads: { "/a": "da" } });
    expect(two).toEqual({ result: 2, reads: { "/b": "db" } });
    // Outside a render nothing is noted.
    noteRead("/c");
    expect((await recordReads(async () => 0)).reads).toEqual({});
  });

  it("notes until when an event's status holds: its start, its end, or never once past", async () => {
    const now = Date.now();
    const iso = (t: number) => new Date(t).toISOString();
    const upcoming = await recordReads(async () => eventStatus(iso(now + 60_000), iso(now + 120_000)));
    expect(upcoming.result).toBe("upcoming");
    expect(upcoming.reads[CLOCK]).toBe(String(new Date(iso(now + 60_000)).getTime()));
    const ongoing = await recordReads(async () => eventStatus(iso(now - 60_000), iso(now + 120_000)));
    expect(ongoing.result).toBe("ongoing");
    expect(Number(ongoing.reads[CLOCK])).toBe(new Date(iso(now + 120_000)).getTime() + 1);
    const past = await recordReads(async () => eventStatus(iso(now - 120_000), iso(now - 60_000)));
    expect(past.result).toBe("past");
    expect(past.reads).toEqual({});
    // Several: the earliest wins. A status asked for a given time reads no clock.
    const both = await recordReads(async () => {
      holdsUntil(now + 5_000);
      holdsUntil(now + 1_000);
      eventStatus(iso(now + 60_000), iso(now + 60_000), new Date(now));
    });
    expect(both.reads[CLOCK]).toBe(String(now + 1_000));
  });

  it("says a page's reads hold only with the same answers and the clock not yet past", () => {
    const digests = new Map([
      ["/a", "da"],
      ["/b", "db"],
    ]);
    expect(readsHold({}, digests)).toBe(true);
    expect(readsHold({ "/a": "da", "/b": "db" }, digests)).toBe(true);
    expect(readsHold({ "/a": "other" }, digests)).toBe(false);
    expect(readsHold({ "/gone": "x" }, digests)).toBe(false);
    expect(readsHold({ "/a": "da", [CLOCK]: "2000" }, digests, 1999)).toBe(true);
    expect(readsHold({ "/a": "da", [CLOCK]: "2000" }, digests, 2000)).toBe(false);
  });
});
