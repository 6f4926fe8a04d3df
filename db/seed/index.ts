import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../client";
import { newId } from "../ids";
import { articleAuthors, articleMedia, articles, articleThemes, eventOrganizers, events, eventThemes, media, themes, users } from "../schema";
import { buildDemo } from "./build";
import { DEMO_ADMIN, DEMO_MEMBER } from "./data/members";
import { writeFolderVariants } from "../../api/lib/images";
import { ensureFolders } from "./files";

export { DEMO_ADMIN, DEMO_MEMBER } from "./data/members";

/** The seed only ever writes into an empty database: any existing user means real or earlier data to keep. */
async function hasUsers(database: Database): Promise<boolean> {
  const rows = await database.db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

const hash = (password: string) => Bun.password.hash(password, { algorithm: "argon2id" });

/**
 * SEED=demo: French demo content (members of both circles, themes, articles, media with generated files, events
 * around `now`). Idempotent: does nothing when the users table already has a row. Files are written first, then all
 * rows go in one batch, so a failed seed leaves no partial rows behind and can simply run again.
 */
export async function seedDemo(database: Database, uploadsDir: string, now = new Date()): Promise<{ seeded: boolean }> {
  if (await hasUsers(database)) return { seeded: false };
  const [adminHash, memberHash] = await Promise.all([hash(DEMO_ADMIN.password), hash(DEMO_MEMBER.password)]);
  const demo = buildDemo(now, uploadsDir, { [DEMO_ADMIN.nickname]: adminHash, [DEMO_MEMBER.nickname]: memberHash });

  await ensureFolders(uploadsDir);
  await Promise.all(demo.files.map((write) => write()));
  // The responsive AVIF/WebP variants the site's <picture> elements point to, as real uploads get them.
  for (const area of ["profile_pics", "article_pics", "media_thumbnails", "media"] as const) {
    await writeFolderVariants(uploadsDir, area);
  }

  const { db } = database;
  const queries: BatchItem<"sqlite">[] = [
    db.insert(users).values(demo.users),
    db.insert(themes).values(demo.themes),
    db.insert(media).values(demo.media),
    db.insert(articles).values(demo.articles),
    db.insert(articleAuthors).values(demo.articleAuthors),
    db.insert(articleThemes).values(demo.articleThemes),
    db.insert(articleMedia).values(demo.articleMedia),
    db.insert(events).values(demo.events),
    db.insert(eventOrganizers).values(demo.eventOrganizers),
    db.insert(eventThemes).values(demo.eventThemes),
  ];
  await db.batch(queries as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  await database.client.execute("ANALYZE").catch(() => undefined);
  return { seeded: true };
}

/** SEED=none (production): creates the first administrator when the database has no user at all, else nothing. */
export async function seedFirstAdmin(database: Database, nickname: string, password: string): Promise<{ seeded: boolean }> {
  const alias = nickname.trim();
  // An empty alias or password would create an account nobody can use, or anybody can.
  if (!alias || !password) throw new Error("seedFirstAdmin: nickname and password are required");
  if (await hasUsers(database)) return { seeded: false };
  const now = new Date();
  await database.db.insert(users).values({
    id: newId(),
    firstname: "Administrateur",
    name: "Principal",
    nickname: alias,
    email: `${alias}@localhost`,
    passwordHash: await hash(password),
    role: "admin",
    groups: [],
    socialLinks: { linkedin: "", twitter: "", website: "", facebook: "", instagram: "", youtube: "", other: "" },
    createdAt: now,
    updatedAt: now,
  });
  return { seeded: true };
}
