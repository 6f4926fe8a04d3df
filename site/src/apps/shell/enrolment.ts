/**
 * Whether the signed-in administrator must enrol a second factor before anything else (ADMIN_2FA=required and no
 * authenticator app yet). Asked of the server on each page, like the server's gate, so a session opened before
 * the setting was turned on is held back the same way as a fresh sign-in (issue 33 §4).
 */
import type { CurrentUser } from "../../lib/session-types";
import { loadStatus } from "../profile/two-factor-client";

/** Where a held-back administrator is sent from any page of the spaces: the profile's enrolment. */
export const ENROL_PATH = "/user/profile";
export const ENROL_HASH = "#double-authentification";

export async function mustEnrolFirst(viewer: Pick<CurrentUser, "role">): Promise<boolean> {
  if (viewer.role !== "admin") return false;
  try {
    const status = await loadStatus();
    return status.required && !status.totp;
  } catch {
    // Unknown: the screens load as usual and the server still refuses what it must.
    return false;
  }
}
