/** Passkeys in the journeys: the address WebAuthn accepts and Chromium's virtual authenticator. */
import type { CDPSession, Page } from "@playwright/test";
import { E2E_PORT } from "../global-setup";

/** WebAuthn needs a host name (an IP address cannot be a relying party): the server's PUBLIC_URL is localhost. */
export const PASSKEY_SITE = `http://localhost:${E2E_PORT}`;

/**
 * A platform authenticator with user verification, answering by itself (no prompt), added to `page`'s browser:
 * the keys it makes are discoverable, as the site asks.
 */
export async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}
