import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { users, type Group, type SessionRow, type UserRow } from "../../../db/schema";
import { BadRequestError, ConflictError, NotFoundError } from "../../lib/errors";
import { hashPassword, isValidPassword } from "../../lib/password";
import { invalidateOtherSessions, type ValidSession } from "../../lib/session";
import { EMPTY_LINKS } from "../members/mappers";
import { keepingOldSlugs } from "../members/old-slugs";
import type { AdminUserBody, AdminUserUpdateBody, CurrentUser, DeletedUser, RegisterBody, UpdateMeBody, UserFootprint } from "./model";
import { handOver, ownershipOf } from "./ownership";
import { cancelOutstandingLinks } from "../password-reset/tokens";
import type { OwnerPresence } from "../owner-present/service";

/**
 * Aliases that cannot be nicknames: they would shadow a member-space or site route under /user/ (the author page
 * is /user/{nickname}), or read as the system speaking.
 */
export const RESERVED_NICKNAMES = new Set([
  "dashboard",
  "profile",
  "articles",
  "media",
  "corbeille",
  "me",
  "admin",
  "login",
  "logout",
  "user",
  "users",
  "register",
  "settings",
  "new",
  "edit",
  "api",
  "uploads",
  "auth",
  "password",
]);

export const PASSWORD_POLICY_MESSAGE =
  "Le mot de passe doit contenir au moins 8 caractères, une majuscule, un chiffre et un caractère spécial.";

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

export async function findUser(db: Db, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new NotFoundError("Membre introuvable.");
  return row;
}

/** Member counts for the admin dashboard. */
export async function countUsers(db: Db): Promise<{ total: number; admins: number; users: number }> {
  const rows = await db.select({ role: users.role, n: count() }).from(users).groupBy(users.role);
  const admins = rows.find((r) => r.role === "admin")?.n ?? 0;
  const members = rows.find((r) => r.role === "user")?.n ?? 0;
  return { total: admins + members, admins, users: members };
}

/**
 * Refuses a nickname or e-mail that is reserved or already someone else's (case-insensitive). `current` is the
 * person being edited (null on creation): keeping one's own alias is always allowed, even one reserved since
 * (the demo administrator is `admin`).
 */
export async function assertIdentityFree(db: Db, nickname: string, email: string, current: Pick<UserRow, "id" | "nickname"> | null) {
  const exceptUserId = current?.id ?? null;
  const keeps = current !== null && current.nickname.toLowerCase() === nickname.toLowerCase();
  if (!keeps && RESERVED_NICKNAMES.has(nickname.toLowerCase())) throw new BadRequestError("Cet alias est réservé, choisissez-en un autre.");
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

type PersonFields = Pick<UpdateMeBody, "firstname" | "name" | "nickname" | "email" | "domain" | "biography" | "socialLinks">;

/** The trimmed identity and presentation fields of either form; optional ones only when sent. */
function personChanges(body: PersonFields, current: UserRow | null): Partial<UserRow> & Pick<UserRow, "nickname" | "email"> {
  const changes: Partial<UserRow> & Pick<UserRow, "nickname" | "email"> = {
    firstname: body.firstname.trim(),
    name: body.name.trim(),
    nickname: body.nickname.trim(),
    email: body.email.trim(),
  };
  if (body.domain !== undefined) changes.domain = body.domain.trim();
  if (body.biography !== undefined) changes.biography = body.biography.trim();
  if (body.socialLinks !== undefined) {
    const links = Object.fromEntries(Object.entries(body.socialLinks).map(([k, v]) => [k, (v ?? "").trim()]));
    changes.socialLinks = { ...current?.socialLinks, ...links };
  }
  return changes;
}

/** What a profile update changed of the account's ways in: the route mails the owner about each. */
export type WaysInChanged = { email: string | null; nickname: boolean; password: boolean };

/**
 * A member updates their own profile. Whatever opens a way into the account (the e-mail, which Google sign-in
 * matched before an account is linked; the alias, the password sign-in name; the password) changes only after the
 * owner-present step (api/modules/owner-present/): a borrowed session must not become lasting access. A new
 * password follows the spec's rule and signs out every other session of that member; a new password or e-mail
 * cancels the member's outstanding reset links (sent to an address or for a password that no longer hold).
 */
export async function updateOwnProfile(
  db: Db,
  user: UserRow,
  session: Pick<SessionRow, "id" | "createdAt">,
  body: UpdateMeBody,
  presence: Pick<OwnerPresence, "assert">,
): Promise<{ user: CurrentUser; changed: WaysInChanged }> {
  const changes = personChanges(body, user);
  const emailChanged = changes.email !== user.email;
  const nicknameChanged = changes.nickname !== user.nickname;
  const waysIn = emailChanged || nicknameChanged;
  if (body.newPassword) {
    // The spec's two messages, in its order (an account without a password sets one after a recent sign-in).
    if (user.passwordHash && !body.currentPassword) throw new BadRequestError("Veuillez entrer votre mot de passe actuel.");
    if (!isValidPassword(body.newPassword)) throw new BadRequestError("Le nouveau mot de passe est invalide.");
  }
  if (waysIn || body.newPassword) await presence.assert(user, session, body, waysIn ? "identity" : "password");
  // Checked after the proof: a borrowed session must not be a way to learn which addresses have an account.
  await assertIdentityFree(db, changes.nickname, changes.email, user);
  if (body.newPassword) changes.passwordHash = await hashPassword(body.newPassword);
  const [row] = await keepingOldSlugs(db, renames(changes, user), () =>
    db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning(),
  );
  if (changes.passwordHash) await invalidateOtherSessions(db, user.id, session.id);
  if (changes.passwordHash || emailChanged) await cancelOutstandingLinks(db, user.id);
  return {
    user: toCurrentUser(row!),
    changed: { email: emailChanged ? user.email : null, nickname: nicknameChanged, password: changes.passwordHash !== undefined },
  };
}

/** Whether an update changes what a member's profile addresses are made of (their old addresses are then kept). */
function renames(changes: Partial<Pick<UserRow, "firstname" | "name" | "nickname">>, current: UserRow): boolean {
  return (["firstname", "name", "nickname"] as const).some((k) => changes[k] !== undefined && changes[k] !== current[k]);
}

function uniqueGroups(groups: AdminUserBody["groups"]): Group[] | undefined {
  return groups ? [...new Set(groups)] : undefined;
}

/**
 * An admin creates a member: with a password, which follows the spec's rule; or, with `invite`, without one
 * (nobody can sign in with it) while `invitation` queues, in the same transaction, the link to choose it.
 */
export async function createUser(
  db: Db,
  body: RegisterBody,
  invitation?: (tx: Parameters<Parameters<Db["transaction"]>[0]>[0], row: UserRow) => Promise<void>,
): Promise<UserRow> {
  const changes = personChanges(body, null);
  if (body.invite) {
    if (body.password) throw new BadRequestError("Choisissez un mot de passe ou l'envoi d'une invitation, pas les deux.");
    if (!invitation) throw new BadRequestError("L'envoi d'une invitation n'est pas possible ici.");
  } else {
    if (!body.password) throw new BadRequestError("Le mot de passe est obligatoire.");
    if (!isValidPassword(body.password)) throw new BadRequestError(PASSWORD_POLICY_MESSAGE);
  }
  await assertIdentityFree(db, changes.nickname, changes.email, null);
  const now = new Date();
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        ...changes,
        firstname: changes.firstname!,
        name: changes.name!,
        id: newId(),
        passwordHash,
        role: body.role ?? "user",
        groups: uniqueGroups(body.groups) ?? [],
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (body.invite) await invitation!(tx, row!);
    return row!;
  });
}

const LAST_ADMIN = sql`(select count(*) from ${users} where ${users.role} = 'admin') > 1`;

/** Refused on the admins' member form for one's own account: the profile is the one way to one's own ways in. */
export const OWN_WAYS_IN_ON_ADMIN_FORM =
  "Pour votre adresse e-mail, votre alias ou votre mot de passe, passez par votre profil (votre mot de passe actuel y est demandé).";

/**
 * An admin edits a member. An empty password leaves it unchanged; a new one ends the member's sessions. An admin
 * cannot take away their own admin role, nor the last admin's (checked in the UPDATE itself, so two admins
 * demoting each other at once cannot leave the site without one). One's own e-mail, alias and password are
 * refused here: the profile asks the owner-present step for them. Another member's e-mail, alias or password is
 * replaced only after the administrator's own owner-present step (their password, and a code or passkey when
 * their two-factor is on), as for « Débloquer la connexion »: a borrowed admin session alone must not take over an
 * account by replacing its address and then resetting its password (issue 30). Names, role, groups and the rest
 * need no proof. Another member's new password or e-mail cancels their outstanding reset links; the route
 * journals the admin and mails the member (`changed`).
 */
export async function updateUser(
  db: Db,
  actor: ValidSession,
  id: string,
  body: AdminUserUpdateBody,
  presence: Pick<OwnerPresence, "assert">,
): Promise<{ row: UserRow; changed: WaysInChanged }> {
  const current = await findUser(db, id);
  const changes = personChanges(body, current);
  const emailChanged = changes.email !== current.email;
  const nicknameChanged = changes.nickname !== current.nickname;
  const waysIn = emailChanged || nicknameChanged || Boolean(body.password);
  if (actor.user.id === id && waysIn) throw new BadRequestError(OWN_WAYS_IN_ON_ADMIN_FORM);
  // Checked before the proof, so a mistyped new password does not spend one of the admin's guesses.
  if (body.password && !isValidPassword(body.password)) throw new BadRequestError(PASSWORD_POLICY_MESSAGE);
  if (waysIn) await presence.assert(actor.user, actor.session, body, "member-identity");
  // After the proof, as on the profile: a borrowed session must not learn which addresses have an account.
  await assertIdentityFree(db, changes.nickname, changes.email, current);
  if (body.role) changes.role = body.role;
  const groups = uniqueGroups(body.groups);
  if (groups) changes.groups = groups;
  const demoting = current.role === "admin" && changes.role === "user";
  if (demoting && actor.user.id === id) throw new BadRequestError("Vous ne pouvez pas retirer votre propre rôle d'administrateur.");
  if (body.password) changes.passwordHash = await hashPassword(body.password);
  const [row] = await keepingOldSlugs(db, renames(changes, current), () =>
    db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(users.id, id), demoting ? LAST_ADMIN : undefined))
      .returning(),
  );
  if (!row) throw new ConflictError("Impossible de retirer son rôle au dernier administrateur.");
  // Someone who knew the old password must not stay signed in with it.
  if (changes.passwordHash) await invalidateOtherSessions(db, id, actor.user.id === id ? actor.session.id : null);
  if (changes.passwordHash || emailChanged) await cancelOutstandingLinks(db, id);
  return { row, changed: { email: emailChanged ? current.email : null, nickname: nicknameChanged, password: changes.passwordHash !== undefined } };
}

export async function userFootprint(db: Db, id: string): Promise<UserFootprint> {
  await findUser(db, id);
  const owned = await ownershipOf(db, id);
  return { _id: id, ...owned, needsTransfer: owned.soleAuthorArticles > 0 || owned.media > 0 };
}

/**
 * An admin deletes a member. They leave the articles they co-author. While they are the only author of an
 * article or the uploader of a media, the deletion is refused unless `transferTo` names another member, who then
 * gets those articles and media (in the same batch as the deletion: all or nothing). An admin cannot delete
 * themself, and the last admin cannot be deleted.
 */
export async function deleteUser(db: Db, actor: UserRow, id: string, transferTo?: string): Promise<{ row: UserRow; answer: DeletedUser }> {
  if (actor.id === id) throw new BadRequestError("Vous ne pouvez pas supprimer votre propre compte.");
  const row = await findUser(db, id);
  const owned = await ownershipOf(db, id);
  const needsTransfer = owned.soleAuthorArticles > 0 || owned.media > 0;
  const to = transferTo?.trim() || undefined;
  if (to) {
    if (to === id) throw new BadRequestError("Choisissez un autre membre à qui transférer ses contenus.");
    const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, to)).limit(1);
    if (!target) throw new BadRequestError("Le membre destinataire est introuvable.");
  } else if (needsTransfer) {
    throw new ConflictError(
      `Ce membre est le seul auteur de ${owned.soleAuthorArticles} article(s) et a déposé ${owned.media} média(s)\u00a0: ` +
        "choisissez un membre à qui les transférer avant de le supprimer.",
    );
  }
  const remove = db
    .delete(users)
    .where(and(eq(users.id, id), row.role === "admin" ? LAST_ADMIN : undefined))
    .returning({ id: users.id });
  const results = to ? await db.batch([...handOver(db, id, to), remove]) : [await remove];
  const removed = results[results.length - 1] as { id: string }[];
  if (removed.length === 0) throw new ConflictError("Impossible de supprimer le dernier administrateur.");
  return {
    row,
    answer: {
      message: "Membre supprimé.",
      _id: id,
      firstname: row.firstname,
      name: row.name,
      transferred: to ? { articles: owned.soleAuthorArticles, media: owned.media } : { articles: 0, media: 0 },
    },
  };
}
