/**
 * TEST HELPER: a passkey authenticator in software, for API tests. It makes what a real authenticator makes, with
 * a node:crypto P-256 key: a "none" attestation (CBOR authenticator data with the COSE public key) at
 * registration, an ECDSA-SHA-256 signature over authenticator data + hash(clientDataJSON) at sign-in. Nothing
 * is faked on the server side: @simplewebauthn/server verifies these as it would a phone's.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";

const b64url = (b: Uint8Array | Buffer) => Buffer.from(b).toString("base64url");
const sha256 = (b: Uint8Array | string) => createHash("sha256").update(b).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

type Credential = { id: Buffer; privateKey: KeyObject; userHandle: string; counter: number };

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  /** `userVerified: false` plays a key that only checks presence (no PIN, no biometrics). */
  constructor(
    readonly origin: string,
    private readonly userVerified = true,
  ) {}

  private flags(extra = 0) {
    return FLAG_UP | (this.userVerified ? FLAG_UV : 0) | extra;
  }

  /** navigator.credentials.create(): a new key pair for the options' RP and user. */
  register(options: PublicKeyCredentialCreationOptionsJSON, clientData: Partial<{ origin: string; challenge: string }> = {}): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
      ]),
    );
    const id = randomBytes(16);
    const counter = 0;
    const len = Buffer.alloc(2);
    len.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(options.rp.id!),
      Buffer.from([this.flags(FLAG_AT)]),
      counterBytes(counter),
      Buffer.alloc(16), // AAGUID: zeros, as with "none" attestation
      len,
      id,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    const clientDataJSON = JSON.stringify({
      type: "webauthn.create",
      challenge: clientData.challenge ?? options.challenge,
      origin: clientData.origin ?? this.origin,
      crossOrigin: false,
    });
    this.credentials.push({ id, privateKey, userHandle: options.user.id, counter });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(Buffer.from(clientDataJSON)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** navigator.credentials.get(): a signed assertion with the given (or first) credential. */
  assert(
    options: PublicKeyCredentialRequestOptionsJSON,
    which: Credential | undefined = this.credentials[0],
    clientData: Partial<{ origin: string; challenge: string }> = {},
  ): AuthenticationResponseJSON {
    if (!which) throw new Error("no credential registered");
    which.counter++;
    const authData = Buffer.concat([sha256(options.rpId!), Buffer.from([this.flags()]), counterBytes(which.counter)]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: "webauthn.get", challenge: clientData.challenge ?? options.challenge, origin: clientData.origin ?? this.origin, crossOrigin: false }),
    );
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), which.privateKey);
    return {
      id: b64url(which.id),
      rawId: b64url(which.id),
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: which.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}

function counterBytes(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}
