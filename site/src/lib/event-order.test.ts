import { describe, expect, it } from "vitest";
import { frenchCollator } from "./collate";
import { dateOrderKey } from "./event-order";

const now = new Date("2026-06-15T12:00:00Z");
const ev = (title: string, start: string, end = start) => ({ title, key: dateOrderKey(start, end, now) });

describe("the events table's date order", () => {
  it("puts events to come first (soonest first), then past ones (most recent first)", () => {
    const list = [
      ev("janvier", "2026-01-10T10:00:00Z"),
      ev("juillet", "2026-07-01T10:00:00Z"),
      ev("mai", "2026-05-20T10:00:00Z"),
      ev("en cours", "2026-06-10T10:00:00Z", "2026-06-20T18:00:00Z"),
      ev("décembre", "2026-12-01T10:00:00Z"),
      ev("2025", "2025-11-30T10:00:00Z"),
    ];
    // The table compares keys with the French collator (numeric), as table-tools.ts does.
    const order = list.sort((a, b) => frenchCollator.compare(a.key, b.key)).map((e) => e.title);
    expect(order).toEqual(["en cours", "juillet", "décembre", "mai", "janvier", "2025"]);
  });

  it("marks past events with the prefix the divider row looks for", () => {
    expect(dateOrderKey("2026-01-10T10:00:00Z", "2026-01-10T12:00:00Z", now)).toMatch(/^B\d{16}$/);
    expect(dateOrderKey("2026-09-10T10:00:00Z", "2026-09-10T12:00:00Z", now)).toMatch(/^A2026-09-10/);
  });
});
