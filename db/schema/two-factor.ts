import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * A member's authenticator app (TOTP, RFC 6238). The secret is encrypted with TWO_FACTOR_KEY (AES-256-GCM), so a
 * copy of the database alone does not give anyone the codes. `enabledAt` stays null until the member has typed a
 * first code: until then the row is an enrolment in progress and sign-in does not ask for a code.
 */
export const totpFactors = sqliteTable("totp_factors", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** `iv.ciphertext.tag`, base64url each (api/modules/auth/secret-box.ts). */
  secretEnc: text("secret_enc").notNull(),
  enabledAt: integer("enabled_at", { mode: "timestamp_ms" }),
  /** The 30-second step of the last accepted code: a code is accepted once (RFC 6238 §5.2). */
  lastUsedStep: integer("last_used_step").notNull().default(0),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

/** Ten single-use codes per member, shown once; only a keyed hash is stored. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/**
 * A sign-in halfway: the password (or Google) was right, the second factor is still to come. The token is
 * `<id>.<secret>` like a session's, only the secret's SHA-256 is stored; it lives 5 minutes and is deleted when
 * used, so it serves once.
 */
export const pendingLogins = sqliteTable("pending_logins", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  secretHash: text("secret_hash").notNull(),
  /** Wrong codes typed against this token; at 5 it is dropped and the password must be given again. */
  attempts: integer("attempts").notNull().default(0),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
});

/** WebAuthn credentials ("clés d'accès") a member registered. */
export const passkeys = sqliteTable(
  "passkeys",
  {
    /** The credential ID, base64url, as the authenticator gives it. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A name the member chose ("Téléphone", "Clé USB"). */
    name: text("name").notNull(),
    /** COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: text("transports", { mode: "json" }).$type<string[]>().notNull().default([]),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/**
 * Challenges handed to the browser for a WebAuthn ceremony, each used at most once (deleted when checked) and
 * for 5 minutes. `userId` is set for a registration (the member adding a key) and for the owner-present step (a
 * signed-in member proving they hold one of their keys), null for a sign-in.
 */
export const webauthnChallenges = sqliteTable("webauthn_challenges", {
  challenge: text("challenge").primaryKey(),
  userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
  purpose: text("purpose", { enum: ["register", "login", "owner"] }).notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
});

export type TotpFactorRow = typeof totpFactors.$inferSelect;
export type PasskeyRow = typeof passkeys.$inferSelect;
