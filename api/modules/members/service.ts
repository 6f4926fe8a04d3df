import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { memberFullname } from "../../../db/slug";
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

/** Members of one circle, alphabetical by family name. */
export async function listCircleMembers(db: Db, circle: CircleSlug): Promise<PublicMember[]> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`exists (select 1 from json_each(${users.groups}) where value = ${CIRCLES[circle]})`)
    .orderBy(asc(users.name), asc(users.firstname));
  return rows.map(toPublicMember);
}

/** Every member, for author pages. */
export async function listAllMembers(db: Db): Promise<PublicMember[]> {
  const rows = await db.select().from(users).orderBy(asc(users.name), asc(users.firstname));
  return rows.map(toPublicMember);
}

/** A member by the `First_Last` segment of their profile URL (compared after Unicode normalisation). */
export async function getMemberByFullname(db: Db, fullname: string): Promise<PublicMember> {
  const wanted = fullname.normalize("NFC").toLowerCase();
  const rows = await db.select().from(users);
  const row = rows.find((u) => memberFullname(u.firstname, u.name).normalize("NFC").toLowerCase() === wanted);
  if (!row) throw new NotFoundError("Membre introuvable.");
  return toPublicMember(row);
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
  const [articles, media] = await Promise.all([
    listArticleSummaries(db, { authorId: row.id }),
    listMedia(db, { uploaderId: row.id }),
  ]);
  return { member: toPublicMember(row), articles, media };
}
