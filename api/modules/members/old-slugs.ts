/**
 * Old profile addresses (issue 19 §3.18). A member's pages live at /cercle-…/{fullname} and /user/{nickname}; a
 * rename moves them, and links and bookmarks to the old address answered 404. Every rename records the segments
 * that changed (a namesake's "_2" suffix may change too), and the build writes the table of old → current addresses
 * that the front answers with a 301 when no page has that address any more (a live page always wins).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { oldSlugs, users, type SlugKind } from "../../../db/schema";
import { CIRCLES, memberFullnames, type CircleSlug } from "./service";

type Slugs = { fullname: Map<string, string>; nickname: Map<string, string> };

async function currentSlugs(db: Db): Promise<Slugs> {
  const [fullname, rows] = await Promise.all([memberFullnames(db), db.select({ id: users.id, nickname: users.nickname }).from(users)]);
  return { fullname, nickname: new Map(rows.map((r) => [r.id, r.nickname])) };
}

/** Path segments are compared without case and after Unicode normalisation, as the profile lookups do. */
const key = (slug: string) => slug.normalize("NFC").toLowerCase();

/**
 * Runs `write` (an update that may rename members) and remembers every profile segment it changed, for whichever
 * member had it. `renames` says whether the write touches a name at all: when it does not, nothing is read.
 */
export async function keepingOldSlugs<T>(db: Db, renames: boolean, write: () => Promise<T>): Promise<T> {
  if (!renames) return write();
  const before = await currentSlugs(db);
  const result = await write();
  const after = await currentSlugs(db);
  const moved: { kind: SlugKind; slug: string; userId: string; createdAt: Date }[] = [];
  for (const kind of ["fullname", "nickname"] as const) {
    for (const [id, old] of before[kind]) {
      const now = after[kind].get(id);
      if (now !== undefined && key(now) !== key(old)) moved.push({ kind, slug: key(old), userId: id, createdAt: new Date() });
    }
  }
  if (moved.length > 0) {
    // The latest owner of an old address is the one it leads to.
    await db
      .insert(oldSlugs)
      .values(moved)
      .onConflictDoUpdate({ target: [oldSlugs.kind, oldSlugs.slug], set: { userId: sql`excluded.user_id`, createdAt: sql`excluded.created_at` } });
  }
  return result;
}

/** One moved address: `from` decoded and lower-cased (as the front compares), `to` ready for a Location header. */
export type OldAddress = { from: string; to: string };

const seg = encodeURIComponent;

/**
 * Every old profile address and where it leads now. A circle page leads to the same circle's page, else the other
 * circle's, else the author page (every member has one); an address a live page uses again is left out.
 */
export async function listOldAddresses(db: Db): Promise<OldAddress[]> {
  const [rows, slugs, people] = await Promise.all([
    db.select().from(oldSlugs),
    memberFullnames(db),
    db.select({ id: users.id, nickname: users.nickname, groups: users.groups }).from(users),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const live = { fullname: new Set([...slugs.values()].map(key)), nickname: new Set(people.map((p) => key(p.nickname))) };
  const circles = Object.entries(CIRCLES) as [CircleSlug, string][];
  const out: OldAddress[] = [];
  for (const row of rows) {
    const person = byId.get(row.userId);
    if (!person || live[row.kind].has(row.slug)) continue;
    const author = `/user/${seg(person.nickname)}`;
    if (row.kind === "nickname") {
      out.push({ from: `/user/${row.slug}`, to: author });
      continue;
    }
    const fullname = slugs.get(person.id)!;
    const theirs = circles.find(([, group]) => (person.groups as string[]).includes(group))?.[0];
    for (const [circle, group] of circles) {
      const to = (person.groups as string[]).includes(group) ? circle : theirs;
      out.push({ from: `/${circle}/${row.slug}`, to: to ? `/${to}/${seg(fullname)}` : author });
    }
  }
  return out;
}
