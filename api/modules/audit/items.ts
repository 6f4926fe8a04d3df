/**
 * What the journal knows about the items it names, by kind, in one place: how to read an item's title or name (to
 * keep it with an entry, before a deletion removes it) and where an admin opens the item (the link of an entry,
 * given only while the item exists). The journal reads these few columns itself rather than through each
 * module's service: it needs one narrow statement per kind for a whole page of entries, and no module offers that.
 */
import { inArray, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import { articles, contactMessages, events, media, themes, users } from "../../../db/schema";

type Kind = {
  table: SQLiteTable;
  id: SQLiteColumn;
  /** The item's title or name, as the journal shows it. */
  label: SQL<string>;
  /** What the link searches for, when it opens a list rather than the item (default: the label). */
  key?: SQL<string>;
  /** Where an admin opens the item (an edit form when the screen has an address for it, else its list). */
  href: (id: string, key: string) => string;
  /** True while the item is in the trash (« Corbeille »): its link then opens the trash, searched for it. */
  inTrash?: SQL<number>;
};

/** `/admin/corbeille?q=…`: a trashed article or media, found in the trash by its title. */
const TRASH_SCREEN = "/admin/corbeille";

/** `/admin/users?q=awa`: the list searched for that item (its row opens the edit form). */
const search = (path: string) => (_id: string, key: string) => `${path}?q=${encodeURIComponent(key)}`;

/** An article or a media: titled, edited at `/admin/<screen>?edit=<id>`, and trashable. */
const trashable = (table: typeof articles | typeof media, screen: string): Kind => ({
  table,
  id: table.id,
  label: sql<string>`${table.title}`,
  href: (id) => `/admin/${screen}?edit=${encodeURIComponent(id)}`,
  inTrash: sql<number>`${table.deletedAt} is not null`,
});

const KINDS: Record<string, Kind> = {
  article: trashable(articles, "articles"),
  media: trashable(media, "media"),
  member: {
    table: users,
    id: users.id,
    label: sql<string>`${users.firstname} || ' ' || ${users.name}`,
    key: sql<string>`${users.nickname}`,
    href: search("/admin/users"),
  },
  theme: { table: themes, id: themes.id, label: sql<string>`${themes.name}`, href: () => "/admin/themes" },
  event: { table: events, id: events.id, label: sql<string>`${events.title}`, href: search("/admin/events") },
  contact: { table: contactMessages, id: contactMessages.id, label: sql<string>`${contactMessages.subject}`, href: () => "/admin/contact" },
};

/** Kinds without rows of their own that still have a screen. */
const SCREENS: Record<string, string> = { site: "/admin/site" };

/** The title or name of one item now, or null (unknown kind, no such item). */
export async function itemLabel(db: Db, kind: string, id: string): Promise<string | null> {
  const k = KINDS[kind];
  if (!k) return null;
  const [row] = await db.select({ label: k.label }).from(k.table).where(inArray(k.id, [id])).limit(1);
  return row ? row.label.trim() || null : null;
}

export type ItemLink = { exists: boolean; href: string | null };

/**
 * Whether each named item still exists and its link, for a page of entries: one statement per kind on the page,
 * never one per entry. The key of the answer is `${kind}:${id}`.
 */
export async function itemLinks(db: Db, refs: readonly { kind: string; id: string | null }[]): Promise<Map<string, ItemLink>> {
  const byKind = new Map<string, Set<string>>();
  for (const r of refs) {
    if (!r.id || !KINDS[r.kind]) continue;
    const ids = byKind.get(r.kind) ?? new Set<string>();
    ids.add(r.id);
    byKind.set(r.kind, ids);
  }
  const links = new Map<string, ItemLink>();
  await Promise.all(
    [...byKind].map(async ([kind, ids]) => {
      const k = KINDS[kind]!;
      const rows = await db.select({ id: k.id, key: k.key ?? k.label, inTrash: k.inTrash ?? sql<number>`0` }).from(k.table).where(inArray(k.id, [...ids]));
      for (const row of rows) {
        const href = row.inTrash ? `${TRASH_SCREEN}?q=${encodeURIComponent(row.key)}` : k.href(row.id as string, row.key);
        links.set(`${kind}:${row.id as string}`, { exists: true, href });
      }
    }),
  );
  for (const r of refs) {
    const key = `${r.kind}:${r.id}`;
    if (links.has(key)) continue;
    const screen = SCREENS[r.kind];
    links.set(key, screen ? { exists: true, href: screen } : { exists: false, href: null });
  }
  return links;
}
