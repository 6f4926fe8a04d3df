/** The owner-present step's calls: what it asks of the viewer, and a passkey assertion for it. */
import type { OwnerProof, OwnerProofNeeds } from "../../../../api/modules/owner-present/model";
import { OWNER_PROOF_PART } from "../../../../api/modules/owner-present/ways-in";
import { api, ApiError, call } from "../lib/api";

export type { OwnerProof, OwnerProofNeeds };

/** The path the forms' shared answer is named by (lib/query.ts), invalidated when a factor changes. */
export const PROOF_NEEDS_PATH = "/api/user/me/owner-proof";

export const loadProofNeeds = () => call(api.user.me["owner-proof"].get(), "Erreur lors du chargement de votre compte");

/** Asks the browser to sign the server's challenge with one of the member's keys (WebAuthn library loaded now). */
export async function passkeyProof(): Promise<NonNullable<OwnerProof["passkey"]>> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  type Options = Parameters<typeof startAuthentication>[0]["optionsJSON"];
  const optionsJSON = (await call(api.user.me["owner-proof"]["passkey-options"].post(), "Erreur lors de la préparation de la clé d'accès")) as unknown as Options;
  return (await startAuthentication({ optionsJSON })) as never;
}

/** A refusal of the owner-present step itself, told apart from a form's other errors (an alias already taken, a
 * weak new password) by the part the server names, so the form shows it at the proof's fields. */
export const isProofRefusal = (error: unknown) => error instanceof ApiError && error.part === OWNER_PROOF_PART;
