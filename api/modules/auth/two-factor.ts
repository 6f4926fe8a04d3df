/**
 * Time-based one-time codes (RFC 6238, 6 digits every 30 s, SHA-1: what every authenticator app reads from a QR
 * code) and the ten recovery codes that stand in for the phone. One row per member in `totp_factors`: written
 * with `enabledAt` null when enrolment starts, enabled by a first right code. A code is accepted once: its time
 * step must be later than the last accepted one (checked and recorded in one UPDATE, so two requests cannot both
 * use it).
 */
import { and, count, eq, isNotNull, isNull, lt } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import type { Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { recoveryCodes, totpFactors, type UserRow } from "../../../db/schema";
import { BadRequestError, ConflictError } from "../../lib/errors";
import { verifyPassword } from "../../lib/password";
import { randomString } from "../../lib/session";
import { keyedHash, open, seal } from "./secret-box";

const ISSUER = "L'Institut";
const PERIOD_S = 30;
/** One step either side: a phone clock 30 s off still works. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

export const WRONG_CODE = "Code de vérification incorrect.";

/** A code as typed: six digits, or a recovery code (`abcde-fghij`, case, spaces and dashes ignored). */
export type TypedCode = { kind: "totp"; value: string } | { kind: "recovery"; value: string };

export function parseCode(raw: string): TypedCode | null {
  const compact = raw.replace(/[\s-]/g, "").toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: "totp", value: compact };
  if (/^[a-z2-9]{10}$/.test(compact)) return { kind: "recovery", value: compact };
  return null;
}

/** `abcde-fghij`: 10 characters of the session alphabet (no look-alikes), 50 bits. */
function newRecoveryCode(): string {
  const s = randomString().slice(0, 10);
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

function totpOf(secretBase32: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** True when the member has confirmed an authenticator app: sign-in then asks for a code. */
export async function totpEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)))
    .limit(1);
  return row !== undefined;
}

export type Enrolment = { secret: string; uri: string; qrCode: string };
export type TwoFactorStatus = { totp: boolean; recoveryCodesLeft: number };

export class TwoFactor {
  constructor(
    private readonly db: Db,
    private readonly key: Uint8Array,
  ) {}

  /** True when the member has confirmed an authenticator app (sign-in then asks for a code). */
  enabled(userId: string): Promise<boolean> {
    return totpEnabled(this.db, userId);
  }

  async status(userId: string): Promise<TwoFactorStatus> {
    const [totp, [left]] = await Promise.all([
      this.enabled(userId),
      this.db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
    ]);
    return { totp, recoveryCodesLeft: totp ? (left?.n ?? 0) : 0 };
  }

  /** A new secret for the member's app (replacing an unfinished enrolment), as text, otpauth URI and QR code. */
  async startEnrolment(user: UserRow, now = new Date()): Promise<Enrolment> {
    if (await this.enabled(user.id)) throw new ConflictError("La double authentification est déjà activée.");
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const row = { userId: user.id, secretEnc: seal(this.key, secret), enabledAt: null, lastUsedStep: 0, createdAt: now };
    await this.db
      .insert(totpFactors)
      .values(row)
      .onConflictDoUpdate({ target: totpFactors.userId, set: { secretEnc: row.secretEnc, lastUsedStep: 0, createdAt: now } });
    const uri = totpOf(secret, user.nickname).toString();
    // Drawn here as SVG: no QR library in the browser bundle, no third-party service ever sees the secret.
    const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
    return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
  }

  /** Turns two-factor on with a first right code; returns the recovery codes, shown this once. */
  async confirmEnrolment(user: UserRow, code: string, now = new Date()): Promise<string[]> {
    const [row] = await this.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id)).limit(1);
    if (!row) throw new ConflictError("Aucune activation en cours : recommencez depuis votre profil.");
    if (row.enabledAt) throw new ConflictError("La double authentification est déjà activée.");
    const typed = parseCode(code);
    if (typed?.kind !== "totp" || !(await this.acceptTotp(row.secretEnc, user.id, typed.value, now, true))) {
      throw new BadRequestError(`${WRONG_CODE} Vérifiez l'heure de votre téléphone et saisissez le code affiché.`);
    }
    return this.replaceRecoveryCodes(user.id);
  }

  /**
   * Checks a code typed at sign-in or to disable: a current TOTP code (once) or an unused recovery code (which is
   * then used up). Returns which kind was accepted, or null.
   */
  async verify(userId: string, raw: string, now = new Date()): Promise<TypedCode["kind"] | null> {
    const typed = parseCode(raw);
    if (!typed) return null;
    const [row] = await this.db
      .select()
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)))
      .limit(1);
    if (!row) return null;
    if (typed.kind === "totp") return (await this.acceptTotp(row.secretEnc, userId, typed.value, now, false)) ? "totp" : null;
    const used = await this.db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, keyedHash(this.key, typed.value)), isNull(recoveryCodes.usedAt)),
      )
      .returning({ id: recoveryCodes.id });
    return used.length === 1 ? "recovery" : null;
  }

  /**
   * Turns two-factor off after checking the password (when the account has one) and a code. Wrong ones are a 400,
   * like the profile's wrong current password: the member is signed in, the form is what is wrong.
   */
  async disable(user: UserRow, password: string, code: string): Promise<void> {
    if (!(await this.enabled(user.id))) throw new ConflictError("La double authentification n'est pas activée.");
    if (user.passwordHash && !(await verifyPassword(password, user.passwordHash))) {
      throw new BadRequestError("Mot de passe incorrect.");
    }
    if (!(await this.verify(user.id, code))) throw new BadRequestError(WRONG_CODE);
    await this.db.batch([
      this.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)),
      this.db.delete(totpFactors).where(eq(totpFactors.userId, user.id)),
    ]);
  }

  /**
   * Turns two-factor off without asking anything: for callers that proved the right to do so themselves (an
   * administrator unlocking a member, a reset link used with a code). True when it was on.
   */
  async turnOff(userId: string): Promise<boolean> {
    const wasOn = await this.enabled(userId);
    await this.db.batch([
      this.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
      this.db.delete(totpFactors).where(eq(totpFactors.userId, userId)),
    ]);
    return wasOn;
  }

  /** New recovery codes (the old ones stop working), e.g. when few are left. */
  async replaceRecoveryCodes(userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.db.batch([
      this.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
      this.db.insert(recoveryCodes).values(
        codes.map((c) => ({ id: newId(), userId, codeHash: keyedHash(this.key, c.replace("-", "")), usedAt: null })),
      ),
    ]);
    return codes;
  }

  /** A right code whose step is later than the last accepted one; records the step (and enables, on enrolment). */
  private async acceptTotp(secretEnc: string, userId: string, token: string, now: Date, enabling: boolean): Promise<boolean> {
    const secret = open(this.key, secretEnc);
    // A secret that does not open was sealed with another key (TWO_FACTOR_KEY changed): no code can match it.
    if (!secret) return false;
    const delta = totpOf(secret, "").validate({ token, timestamp: now.getTime(), window: WINDOW });
    if (delta === null) return false;
    const step = Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
    const accepted = await this.db
      .update(totpFactors)
      .set(enabling ? { lastUsedStep: step, enabledAt: now } : { lastUsedStep: step })
      .where(and(eq(totpFactors.userId, userId), lt(totpFactors.lastUsedStep, step)))
      .returning({ userId: totpFactors.userId });
    return accepted.length === 1;
  }
}
