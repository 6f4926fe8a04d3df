import { describe, expect, it } from "vitest";
import { groupWhole, keptGroups } from "./groups-kept";
import { latestFirst } from "./list-order";

type Item = { _id: string; createdAt: string; keys: string[] };
const order = latestFirst((i: Item) => i.createdAt);
const keysOf = (i: Item) => i.keys;

describe("groups kept from one build to the next", () => {
  it("group as a whole grouping would, through additions, withdrawals and edits, copying only the groups touched", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    let n = 0;
    // Ties on dates (the id breaks them), items under several keys, under the same key twice, and under none.
    const make = (): Item => {
      const i = n++;
      const keys = Array.from({ length: next() % 4 }, () => `k${next() % 60}`);
      return { _id: `i-${String(next() % 100_000).padStart(5, "0")}-${i}`, createdAt: new Date(Date.UTC(2026, 0, 1) + (next() % 500) * 60_000).toISOString(), keys };
    };
    let list = Array.from({ length: 2000 }, make).sort(order);
    let delta: { removed: Item[]; added: Item[] } | null = null;
    let before: ReadonlyMap<string, readonly Item[]> | null = null;
    let snapshots = new Map<string, string[]>();
    let kept = 0;
    for (let version = 1; version <= 50; version++) {
      const groups = keptGroups("test items", () => list, { version, delta }, keysOf, order);
      const whole = groupWhole(list, keysOf);
      expect([...groups.keys()].sort()).toEqual([...whole.keys()].sort());
      for (const [key, group] of whole) expect(groups.get(key)!.map((i) => i._id)).toEqual(group.map((i) => i._id));
      // The same build asks again: the same answer.
      expect(keptGroups("test items", () => list, { version, delta }, keysOf, order)).toBe(groups);
      if (before && delta) {
        const touched = new Set([...delta.removed, ...delta.added].flatMap(keysOf));
        for (const [key, group] of groups) if (!touched.has(key)) (expect(group).toBe(before.get(key)), kept++);
        // What an earlier build was handed is never modified.
        for (const [key, ids] of snapshots) expect(before.get(key)!.map((i) => i._id)).toEqual(ids);
      }
      before = groups;
      snapshots = new Map([...groups].map(([key, group]) => [key, group.map((i) => i._id)]));
      // The next build: a few withdrawn, a few new, a few edited (an edited item is a new object).
      const removed: Item[] = [];
      const added: Item[] = [];
      list = list.filter((i) => next() % 300 !== 0 || (removed.push(i), false));
      for (let k = next() % 3; k > 0; k--) added.push(make());
      list = list.map((i) => {
        if (next() % 400 !== 0) return i;
        const edited = { ...i, keys: next() % 2 ? [] : [`k${next() % 60}`] };
        removed.push(i);
        added.push(edited);
        return edited;
      });
      list = [...list.filter((i) => !added.includes(i)), ...added].sort(order);
      delta = { removed, added };
    }
    expect(kept).toBeGreaterThan(50);
  });

  it("groups anew when the change does not follow the kept groups, or names an item it does not hold", () => {
    const a: Item = { _id: "a", createdAt: "2026-01-02", keys: ["x"] };
    const b: Item = { _id: "b", createdAt: "2026-01-01", keys: ["x", "y"] };
    const first = keptGroups("test anew", () => [a, b], { version: 1, delta: null }, keysOf, order);
    expect(first.get("y")).toEqual([b]);
    // Version 3 does not follow 1: the delta (which names nothing) is not applied, the list is read.
    const skipped = keptGroups("test anew", () => [a], { version: 3, delta: { removed: [], added: [] } }, keysOf, order);
    expect([...skipped.keys()]).toEqual(["x"]);
    // A removed item the groups do not hold: grouped from the list.
    const stranger: Item = { _id: "c", createdAt: "2026-01-03", keys: ["x"] };
    const mended = keptGroups("test anew", () => [a, b], { version: 4, delta: { removed: [stranger], added: [] } }, keysOf, order);
    expect(mended.get("x")).toEqual([a, b]);
    // Outside a build's store (« Aperçu »: no change), always the list's groups.
    expect(keptGroups("test anew", () => [b], null, keysOf, order).get("x")).toEqual([b]);
  });
});
