/**
 * A sign-in waiting for its second factor, handed from the Google callback page to /login (which asks for the
 * code) for this tab only. The token alone opens nothing: it needs a right code within 5 minutes.
 */
const KEY = "pendingLogin";

export function keepPendingLogin(token: string): void {
  sessionStorage.setItem(KEY, token);
}

/** The pending token left by the callback page, removed as it is read. */
export function takePendingLogin(): string | null {
  try {
    const token = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return token;
  } catch {
    return null;
  }
}
