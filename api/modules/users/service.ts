import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users, type UserRow } from "../../../db/schema";
import { BadRequestError, ConflictError } from "../../lib/errors";
import { hashPassword, isValidPassword, verifyPassword } from "../../lib/password";
import { invalidateOtherSessions } from "../../lib/session";
import { EMPTY_LINKS } from "../members/mappers";
import type { CurrentUser, UpdateMeBody } from "./model";

/** Nicknames that would shadow member-space routes under /user/. */
export const RESERVED_NICKNAMES = new Set(["dashboard", "profile", "articles", "media", "me", "admin"]);

export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    _id: row.id,
    firstname: row.firstname,
    name: row.name,
    lastname: row.name,
    nickname: row.nickname,
    email: row.email,
    role: row.role,
    groups: row.groups,
    domain: row.domain,
    biography: row.biography,
    socialLinks: { ...EMPTY_LINKS, ...row.socialLinks },
    profilePic: row.profilePic,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listUsers(db: Db): Promise<CurrentUser[]> {
  const rows = await db.select().from(users).orderBy(asc(users.name), asc(users.firstname));
  return rows.map(toCurrentUser);
}

/** Refuses a nickname or e-mail that is reserved or already someone else's (case-insensitive). */
export async function assertIdentityFree(db: Db, nickname: string, email: string, exceptUserId: string | null) {
  if (RESERVED_NICKNAMES.has(nickname.toLowerCase())) throw new BadRequestError("Cet alias est réservé, choisissez-en un autre.");
  const others = (col: typeof users.nickname | typeof users.email, value: string) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${col})`, value.toLowerCase()), exceptUserId ? ne(users.id, exceptUserId) : undefined))
      .limit(1);
  const [[nick], [mail]] = await Promise.all([others(users.nickname, nickname), others(users.email, email)]);
  if (nick) throw new ConflictError("Cet alias est déjà utilisé.");
  if (mail) throw new ConflictError("Cette adresse e-mail est déjà utilisée.");
}

/**
 * A member updates their own profile. Changing the password needs the current one, follows the spec's rule,
 * and signs out every other session of that member.
 */
export async function updateOwnProfile(db: Db, user: UserRow, sessionId: string, body: UpdateMeBody): Promise<CurrentUser> {
  const nickname = body.nickname.trim();
  const email = body.email.trim();
  await assertIdentityFree(db, nickname, email, user.id);
  const changes: Partial<UserRow> = {
    firstname: body.firstname.trim(),
    name: body.name.trim(),
    nickname,
    email,
    updatedAt: new Date(),
  };
  if (body.domain !== undefined) changes.domain = body.domain.trim();
  if (body.biography !== undefined) changes.biography = body.biography.trim();
  if (body.socialLinks !== undefined) changes.socialLinks = { ...user.socialLinks, ...body.socialLinks };
  let passwordChanged = false;
  if (body.newPassword) {
    if (!body.currentPassword) throw new BadRequestError("Veuillez entrer votre mot de passe actuel.");
    if (!isValidPassword(body.newPassword)) throw new BadRequestError("Le nouveau mot de passe est invalide.");
    if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
      throw new BadRequestError("Le mot de passe actuel est incorrect.");
    }
    changes.passwordHash = await hashPassword(body.newPassword);
    passwordChanged = true;
  }
  const [row] = await db.update(users).set(changes).where(eq(users.id, user.id)).returning();
  if (passwordChanged) await invalidateOtherSessions(db, user.id, sessionId);
  return toCurrentUser(row!);
}
