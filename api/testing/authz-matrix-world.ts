/**
 * The people and rows the authorization matrix (api/authz-matrix.test.ts) calls routes about: a member who owns
 * things, another member who does not, an admin, and makers of fresh rows so that a deletion, a logout or a
 * password change made by one call never changes the answer of the next.
 */
import { newId } from "../../db/ids";
import { contactMessages, mailOutbox, passkeys } from "../../db/schema";
import { createSession } from "../lib/session";
import { picture, type Bytes } from "../lib/uploads/samples";
import { makeArticle, makeEvent, makeMedia, makeTheme, makeUser } from "./factory";
import type { Harness } from "./harness";

export const ROLES = ["anonymous", "member", "other", "admin"] as const;
/** `member` owns the rows below; `other` is a second member who owns nothing. */
export type Role = (typeof ROLES)[number];

type Person = Awaited<ReturnType<typeof makeUser>>;

/** Who makes a call: their row (null when anonymous) and the headers that carry their session. */
export type Caller = { role: Role; user: Person | null; headers: Record<string, string> };

/** The password of the account the login route is called with. */
export const LOGIN_PASSWORD = "Matrice-Acces-2026!";

export type World = {
  h: Harness;
  people: Record<Exclude<Role, "anonymous">, Person>;
  /** A member with a password, for the sign-in route (hashing once is enough). */
  loginUser: Person;
  theme: { id: string; url: string };
  /** Public rows, for the public detail routes. */
  publicArticle: { url: string };
  publicMedia: { url: string };
  publicEvent: { url: string };
  /** A small real PNG for the picture routes. */
  png: Bytes;
  fresh: {
    /** A pending article written by `member` (a draft: others must not even learn it exists). */
    article(): Promise<string>;
    /** A pending link media uploaded by `member`. */
    media(): Promise<string>;
    theme(): Promise<string>;
    event(): Promise<string>;
    contact(): Promise<string>;
    /** A member nobody else depends on (targets of admin edits and deletions). */
    user(): Promise<string>;
    /** A passkey of `member` (its credential ID). */
    passkey(): Promise<string>;
    /** A message of the outbox that failed (« Réessayer » applies to it). */
    mail(): Promise<string>;
  };
  /** A unique suffix for names, urls and e-mails sent in bodies. */
  unique(): string;
  /** A new session for the role (logouts and password changes end sessions; each call gets its own). */
  caller(role: Role): Promise<Caller>;
};

export async function makeWorld(h: Harness): Promise<World> {
  const db = h.database.db;
  const people = {
    member: await makeUser(db, { nickname: "matrice-membre", firstname: "Awa", name: "Ndiaye" }),
    other: await makeUser(db, { nickname: "matrice-autre", firstname: "Moussa", name: "Sarr" }),
    admin: await makeUser(db, { nickname: "matrice-admin", role: "admin" }),
  };
  const loginUser = await makeUser(db, { nickname: "matrice-connexion", password: LOGIN_PASSWORD });
  const theme = await makeTheme(db, "Thème de la matrice");
  const publicArticle = await makeArticle(db, { authors: [people.member.id], themes: [theme.id] });
  const publicMedia = await makeMedia(db, { uploadedBy: people.member.id });
  const publicEvent = await makeEvent(db, { organizers: [people.member.id] });
  let n = 0;
  return {
    h,
    people,
    loginUser,
    theme,
    publicArticle,
    publicMedia,
    publicEvent,
    png: await picture("png", 64, 48),
    unique: () => `${Date.now().toString(36)}${++n}`,
    fresh: {
      article: async () => (await makeArticle(db, { authors: [people.member.id], themes: [theme.id], approved: false, online: false })).id,
      media: async () => (await makeMedia(db, { uploadedBy: people.member.id, approved: false, online: false })).id,
      theme: async () => (await makeTheme(db)).id,
      event: async () => (await makeEvent(db)).id,
      user: async () => (await makeUser(db)).id,
      passkey: async () => {
        const id = `cle-${newId()}`;
        await db.insert(passkeys).values({ id, userId: people.member.id, name: "Clé", publicKey: "AAAA", createdAt: new Date() });
        return id;
      },
      mail: async () => {
        const id = newId();
        const now = new Date();
        await db.insert(mailOutbox).values({
          id, kind: "test", fromHeader: "L'Institut <contact@example.sn>", toAddress: "fatou@example.sn", subject: "Essai",
          html: "<p>Essai</p>", text: "Essai", messageId: `<${id}@example.sn>`, state: "failed", nextAttemptAt: now, createdAt: now, updatedAt: now,
        });
        return id;
      },
      contact: async () => {
        const id = newId();
        await db.insert(contactMessages).values({ id, name: "Fatou", email: "fatou@example.sn", subject: "Question", message: "Bonjour.", createdAt: new Date() });
        return id;
      },
    },
    async caller(role): Promise<Caller> {
      if (role === "anonymous") return { role, user: null, headers: {} };
      const user = people[role];
      const { token } = await createSession(db, user.id);
      return { role, user, headers: { authorization: `Bearer ${token}` } };
    },
  };
}
