import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { foldFirst, foldSecond } from "../fold";

/** Social links of a member; every key is optional text (an empty string means "none"). */
export type SocialLinks = {
  linkedin?: string;
  twitter?: string;
  website?: string;
  facebook?: string;
  instagram?: string;
  youtube?: string;
  other?: string;
};

/** Groups a member can belong to (at most 3): Cercle Impulsion, Cercle Axiologique, Bureau. */
export const GROUPS = ["cercleImp", "cercleAx", "bureau"] as const;
export type Group = (typeof GROUPS)[number];

export const ROLES = ["admin", "user"] as const;
export type Role = (typeof ROLES)[number];

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    firstname: text("firstname").notNull(),
    name: text("name").notNull(),
    /** Login alias; unique case-insensitively (see the index). */
    nickname: text("nickname").notNull(),
    email: text("email").notNull(),
    /** argon2id hash; null for accounts that only sign in with Google. */
    passwordHash: text("password_hash"),
    role: text("role", { enum: ROLES }).notNull().default("user"),
    groups: text("groups", { mode: "json" }).$type<Group[]>().notNull().default(sql`'[]'`),
    domain: text("domain").notNull().default(""),
    biography: text("biography").notNull().default(""),
    socialLinks: text("social_links", { mode: "json" }).$type<SocialLinks>().notNull().default(sql`'{}'`),
    /** File name under uploads/profile_pics, or null for the placeholder. */
    profilePic: text("profile_pic"),
    /** Original (uncropped) picture file name, kept so the crop can be redone. */
    profilePicOriginal: text("profile_pic_original"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    /** Sort key of the member list: folded "name firstname" in two stages (see db/fold.ts); computed, never written. */
    nameFold: text("name_fold").generatedAlwaysAs(foldFirst("name || ' ' || firstname"), { mode: "virtual" }),
    nameKey: text("name_key").generatedAlwaysAs(foldSecond("name_fold"), { mode: "virtual" }),
  },
  (t) => [
    uniqueIndex("users_nickname_unique").on(sql`lower(${t.nickname})`),
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    // One index per sort of the member list, ending with the id that breaks ties (api/lib/list-query.ts).
    index("users_role_idx").on(t.role, t.nameKey, t.id),
    index("users_name_key_idx").on(t.nameKey, t.id),
    index("users_created_idx").on(t.createdAt, t.id),
  ],
);

export type UserRow = typeof users.$inferSelect;
