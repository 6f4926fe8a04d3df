/** The profile's calls for two-factor and passkeys, through the typed client; French fallbacks for each. */
import type { TotpEnrolment, TwoFactorStatus } from "../../../../api/modules/auth/two-factor-model";
import type { OwnerProof } from "../../../../api/modules/owner-present/model";
import { api, call } from "../lib/api";

export type { TotpEnrolment, TwoFactorStatus };

const twoFactor = () => api.user.me["two-factor"];

export const loadStatus = () => call(twoFactor().get(), "Erreur lors du chargement de la double authentification");
export const startTotp = () => call(twoFactor().totp.post(), "Erreur lors de l'activation");
// Every change of a factor carries the owner-present proof (api/modules/owner-present/).
export const confirmTotp = (code: string, proof: OwnerProof) =>
  call(twoFactor().totp.confirm.post({ code, ...proof }), "Erreur lors de la vérification du code");
export const disableTotp = (proof: OwnerProof) => call(twoFactor().totp.delete(proof), "Erreur lors de la désactivation");
export const renewRecoveryCodes = (proof: OwnerProof) =>
  call(twoFactor()["recovery-codes"].post(proof), "Erreur lors de la création des codes de secours");

export const listPasskeys = () => call(api.user.me.passkeys.get(), "Erreur lors du chargement des clés d'accès");
export const removePasskey = (id: string, proof: OwnerProof) =>
  call(api.user.me.passkeys({ id }).delete(proof), "Erreur lors de la suppression de la clé d'accès");

/**
 * Registers a passkey: options from the server, the browser's ceremony (WebAuthn library loaded now, not with
 * the app), then the named key.
 */
export async function addPasskey(name: string, proof: OwnerProof) {
  const { startRegistration } = await import("@simplewebauthn/browser");
  type Options = Parameters<typeof startRegistration>[0]["optionsJSON"];
  const optionsJSON = (await call(api.user.me.passkeys.options.post(), "Erreur lors de la préparation de la clé d'accès")) as unknown as Options;
  const response = await startRegistration({ optionsJSON });
  return call(api.user.me.passkeys.post({ name, response: response as never, ...proof }), "Erreur lors de l'enregistrement de la clé d'accès");
}

/** A WebAuthn failure in French (the browser's own messages are English and technical). */
export function ceremonyError(error: unknown): string | null {
  const name = (error as { name?: string } | null)?.name;
  if (name === "NotAllowedError" || name === "AbortError") return "Opération annulée ou délai dépassé.";
  if (name === "InvalidStateError") return "Cette clé d'accès est déjà enregistrée pour votre compte.";
  if (name === "NotSupportedError" || name === "SecurityError") return "Ce navigateur ne peut pas utiliser de clé d'accès ici.";
  return null;
}
