/** What browsers send back from a WebAuthn ceremony (TypeBox), for passkey sign-in, registration and the owner-present step. */
import { t } from "elysia";
import { openObject } from "../../lib/strict-schema";

const b64url = (max: number) => t.String({ pattern: "^[A-Za-z0-9_-]*={0,2}$", maxLength: max });

/**
 * What @simplewebauthn/browser sends back. Browsers add fields over time (publicKey, authenticatorData, ...):
 * extra ones are allowed; the library checks what matters (signature, challenge, origin, RP ID).
 */
export const RegistrationCredential = openObject(
  {
    id: b64url(1400),
    rawId: b64url(1400),
    type: t.Literal("public-key"),
    response: openObject(
      {
        clientDataJSON: b64url(4000),
        attestationObject: b64url(20000),
        transports: t.Optional(t.Array(t.String({ maxLength: 40 }), { maxItems: 10 })),
      },
    ),
    clientExtensionResults: openObject({}),
    authenticatorAttachment: t.Optional(t.String({ maxLength: 40 })),
  },
  { error: "Réponse de la clé d'accès invalide." },
);

export const AuthenticationCredential = openObject(
  {
    id: b64url(1400),
    rawId: b64url(1400),
    type: t.Literal("public-key"),
    response: openObject(
      {
        clientDataJSON: b64url(4000),
        authenticatorData: b64url(4000),
        // Post-quantum keys (ML-DSA-44, offered when the runtime verifies it) sign with 2,420 bytes.
        signature: b64url(12000),
        userHandle: t.Optional(b64url(200)),
      },
    ),
    clientExtensionResults: openObject({}),
    authenticatorAttachment: t.Optional(t.String({ maxLength: 40 })),
  },
  { error: "Réponse de la clé d'accès invalide." },
);
