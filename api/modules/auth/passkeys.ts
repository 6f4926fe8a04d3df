/**
 * Passkeys (WebAuthn, with @simplewebauthn/server): a member registers keys from the profile, then signs in with
 * one and no password. User verification (PIN, fingerprint, face) is required both times, so a passkey sign-in
 * proves something held and something known or been: it counts as both factors and skips the code step.
 * The relying party is PUBLIC_URL: its host name is the RP ID, its origin the only accepted origin.
 * Challenges are kept server-side, used at most once (deleted when checked) and for 5 minutes.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, asc, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { passkeys, users, webauthnChallenges, type PasskeyRow, type UserRow } from "../../../db/schema";
import { BadRequestError, ConflictError, NotFoundError, TooManyRequestsError, UnauthorizedError } from "../../lib/errors";
import { accountKey, TOO_MANY_SIGN_INS, type SignInLimits } from "./login-limits";

const CHALLENGE_TTL_MS = 5 * 60_000;
const RP_NAME = "L'Institut";
export const MAX_PASSKEYS = 10;
const REFUSED = "Clé d'accès non reconnue. Réessayez ou connectez-vous avec votre mot de passe.";

type ChallengePurpose = "register" | "login" | "owner";

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

export type PasskeyInfo = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

const toInfo = (row: PasskeyRow): PasskeyInfo => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export class Passkeys {
  readonly rpID: string;
  readonly origin: string;

  constructor(
    private readonly db: Db,
    publicUrl: string,
    private readonly limits: SignInLimits,
  ) {
    const url = new URL(publicUrl);
    this.rpID = url.hostname;
    this.origin = url.origin;
  }

  async list(userId: string): Promise<PasskeyInfo[]> {
    const rows = await this.db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
    return rows.map(toInfo);
  }

  async registrationOptions(user: UserRow): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const own = await this.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    if (own.length >= MAX_PASSKEYS) throw new ConflictError(`Vous avez déjà ${MAX_PASSKEYS} clés d'accès : supprimez-en une d'abord.`);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.rpID,
      userName: user.nickname,
      userDisplayName: `${user.firstname} ${user.name}`,
      userID: new TextEncoder().encode(user.id),
      attestationType: "none",
      // Already registered keys are refused by the browser itself, before the member is asked anything.
      excludeCredentials: own.map((p) => ({ id: p.id, transports: p.transports })),
      // Discoverable (stored on the key with the member's handle): sign-in then needs no alias at all.
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    await this.keepChallenge(options.challenge, "register", user.id);
    return options;
  }

  async register(user: UserRow, name: string, response: RegistrationResponseJSON): Promise<PasskeyInfo> {
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: (challenge) => this.useChallenge(challenge, "register", user.id),
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserVerification: true,
      });
    } catch {
      throw new BadRequestError("La clé d'accès n'a pas pu être vérifiée. Réessayez.");
    }
    if (!verified.verified) throw new BadRequestError("La clé d'accès n'a pas pu être vérifiée. Réessayez.");
    const { credential } = verified.registrationInfo;
    const row: PasskeyRow = {
      id: credential.id,
      userId: user.id,
      name: name.trim(),
      publicKey: b64url(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      createdAt: new Date(),
      lastUsedAt: null,
    };
    const inserted = await this.db.insert(passkeys).values(row).onConflictDoNothing().returning({ id: passkeys.id });
    if (inserted.length === 0) throw new ConflictError("Cette clé d'accès est déjà enregistrée.");
    return toInfo(row);
  }

  /** Removes one of the member's own keys; another member's key is answered like a missing one. */
  async remove(userId: string, id: string): Promise<PasskeyInfo> {
    const [row] = await this.db
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning();
    if (!row) throw new NotFoundError("Clé d'accès introuvable.");
    return toInfo(row);
  }

  /** Removes every key of a member (a reset by mail that proved a code, or an administrator unlocking them). */
  async removeAll(userId: string): Promise<number> {
    const gone = await this.db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
    return gone.length;
  }

  /** Options for a sign-in with any key of this site (no alias: the key says whose it is). */
  async loginOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await generateAuthenticationOptions({ rpID: this.rpID, userVerification: "required" });
    await this.keepChallenge(options.challenge, "login", null);
    return options;
  }

  /**
   * Checks a sign-in assertion. Counted in the sign-in limits like a password attempt (per address, and per
   * account once the key is known), given back on success.
   */
  async authenticate(response: AuthenticationResponseJSON, ip: string): Promise<UserRow> {
    const [found] = await this.db
      .select({ key: passkeys, user: users })
      .from(passkeys)
      .innerJoin(users, eq(users.id, passkeys.userId))
      .where(eq(passkeys.id, response.id))
      .limit(1);
    const attempt = await this.limits.begin(ip, found ? accountKey(found.user.nickname) : "\npasskey");
    if ("retryAfter" in attempt) throw new TooManyRequestsError(TOO_MANY_SIGN_INS, attempt.retryAfter);
    if (!found) throw new UnauthorizedError(REFUSED);
    let result;
    try {
      result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: (challenge) => this.useChallenge(challenge, "login", null),
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        credential: {
          id: found.key.id,
          publicKey: new Uint8Array(Buffer.from(found.key.publicKey, "base64url")),
          counter: found.key.counter,
          transports: found.key.transports,
        },
        requireUserVerification: true,
      });
    } catch {
      throw new UnauthorizedError(REFUSED);
    }
    if (!result.verified) throw new UnauthorizedError(REFUSED);
    // The signature counter must grow (a cloned key would repeat it); keys that keep it at 0 are allowed by the
    // library, which checked this already.
    await this.db
      .update(passkeys)
      .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: new Date() })
      .where(eq(passkeys.id, found.key.id));
    await attempt.succeeded();
    return found.user;
  }

  /**
   * Options for the owner-present step (api/modules/owner-present/): the signed-in member proves they hold one of
   * their own keys. Only their keys are allowed, and the challenge is theirs, so another member's key cannot answer.
   */
  async ownerOptions(user: UserRow): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const own = await this.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    if (own.length === 0) throw new ConflictError("Aucune clé d'accès n'est enregistrée pour votre compte.");
    const options = await generateAuthenticationOptions({
      rpID: this.rpID,
      userVerification: "required",
      allowCredentials: own.map((p) => ({ id: p.id, transports: p.transports })),
    });
    await this.keepChallenge(options.challenge, "owner", user.id);
    return options;
  }

  /** True when `response` is a fresh, verified assertion of one of `user`'s own keys for an owner challenge. */
  async verifyOwner(user: UserRow, response: AuthenticationResponseJSON): Promise<boolean> {
    const [key] = await this.db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.id, response.id), eq(passkeys.userId, user.id)))
      .limit(1);
    if (!key) return false;
    try {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: (challenge) => this.useChallenge(challenge, "owner", user.id),
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        credential: {
          id: key.id,
          publicKey: new Uint8Array(Buffer.from(key.publicKey, "base64url")),
          counter: key.counter,
          transports: key.transports,
        },
        requireUserVerification: true,
      });
      if (!result.verified) return false;
      await this.db
        .update(passkeys)
        .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: new Date() })
        .where(eq(passkeys.id, key.id));
      return true;
    } catch {
      return false;
    }
  }

  private async keepChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null) {
    const now = new Date();
    await this.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
    await this.db.insert(webauthnChallenges).values({ challenge, purpose, userId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
  }

  /** True once for a challenge we issued for this purpose (and member), still fresh; it is deleted either way. */
  private async useChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<boolean> {
    if (challenge.length > 200) return false;
    const [row] = await this.db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          userId ? eq(webauthnChallenges.userId, userId) : isNull(webauthnChallenges.userId),
        ),
      )
      .returning();
    return row !== undefined && row.expiresAt.getTime() > Date.now();
  }
}
