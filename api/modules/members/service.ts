import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { uniqueFullnames } from "../../../db/slug";
import { users, type Group, type UserRow } from "../../../db/schema";
import { NotFoundError } from "../../lib/errors";
import { listArticleSummaries } from "../articles/service";
import { listMedia } from "../media/service";
import { toPublicMember } from "./mappers";
import type { PublicMember } from "./model";

/** Route segment of each public circle and the group code members carry. */
export const CIRCLES = { "cercle-impulsion": "cercleImp", "cercle-axiologique": "cercleAx" } as const satisfies Record<
  string,
  Group
>;
export type CircleSlug = keyof typeof CIRCLES;

/**
 * The profile segment of every member, by id. Unique segments depend on who else has the same name, so they are
 * worked out over all members, oldest first (rowid breaks ties between rows created in the same millisecond).
 */
export async function memberFullnames(db: Db): Promise<Map<string, string>> {
  const people = await db
    .select({ id: users.id, firstname: users.firstname, name: users.name })
    .from(users)
    .orderBy(asc(users.createdAt), sql`rowid`);
  return uniqueFullnames(people);
}

/** Members of one circle, alphabetical by family name. */
export async function listCircleMembers(db: Db, circle: CircleSlug): Promise<PublicMember[]> {
  const [rows, slugs] = await Promise.all([
    db
      .select()
      .from(users)
      .where(sql`exists (select 1 from json_each(${users.groups}) where value = ${CIRCLES[circle]})`)
      .orderBy(asc(users.name), asc(users.firstname)),
    memberFullnames(db),
  ]);
  return rows.map((r) => toPublicMember(r, slugs.get(r.id)));
}

/** Every member, for author pages. */
export async function listAllMembers(db: Db): Promise<PublicMember[]> {
  const [rows, slugs] = await Promise.all([
    db.select().from(users).orderBy(asc(users.name), asc(users.firstname)),
    memberFullnames(db),
  ]);
  return rows.map((r) => toPublicMember(r, slugs.get(r.id)));
}

/** A member by the segment of their profile URL (compared after Unicode normalisation, ignoring case). */
export async function getMemberByFullname(db: Db, fullname: string): Promise<PublicMember> {
  const wanted = fullname.normalize("NFC").toLowerCase();
  const slugs = await memberFullnames(db);
  const id = [...slugs].find(([, slug]) => slug.toLowerCase() === wanted)?.[0];
  const [row] = id ? await db.select().from(users).where(eq(users.id, id)).limit(1) : [];
  if (!row) throw new NotFoundError("Membre introuvable.");
  return toPublicMember(row, slugs.get(row.id));
}

export async function findUserByNickname(db: Db, nickname: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.nickname})`, nickname.toLowerCase()))
    .limit(1);
  return row;
}

/** An author's public page: their profile and what they published that the public may see. */
export async function getAuthorProfile(db: Db, nickname: string) {
  const row = await findUserByNickname(db, nickname);
  if (!row) throw new NotFoundError("Auteur introuvable.");
  const [articles, media, slugs] = await Promise.all([
    listArticleSummaries(db, { authorId: row.id }),
    listMedia(db, { uploaderId: row.id }),
    memberFullnames(db),
  ]);
  return { member: toPublicMember(row, slugs.get(row.id)), articles, media };
}
