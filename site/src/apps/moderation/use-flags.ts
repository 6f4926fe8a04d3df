/**
 * The approved / online flags the server answered to a toggle, shown at once until the list's reload arrives.
 * Without it a second click during the reload would read the row's old value and send it again (seen in the
 * browser tests: « mis hors ligne » twice instead of back online).
 */
import { useEffect, useState } from "react";

export type Flags = { approved: boolean; online: boolean };

export function useFlagOverrides(list: unknown): [(id: string, row: Flags) => Flags, (id: string, flags: Flags) => void] {
  const [overrides, setOverrides] = useState<ReadonlyMap<string, Flags>>(new Map());
  // A fresh list from the server is the truth again.
  useEffect(() => setOverrides(new Map()), [list]);
  const flagsOf = (id: string, row: Flags): Flags => overrides.get(id) ?? { approved: row.approved, online: row.online };
  const answered = (id: string, flags: Flags) => setOverrides((m) => new Map(m).set(id, { approved: flags.approved, online: flags.online }));
  return [flagsOf, answered];
}
