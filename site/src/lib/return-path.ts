/**
 * Where sign-in returns to (issue 19 §3.7): a signed-out visitor sent from a member or admin page to /login
 * carries that page in `?next=`; after signing in (password, passkey, Google, second factor) they land on it.
 * `next` comes from the address bar, so anyone can write it into a link: only a path of this site under /user or
 * /admin is followed, anything else (another site, a scheme, a protocol-relative or backslash path, a control
 * character) is dropped and the person lands on their space as before. The check is strict on purpose
 * (docs/DECISIONS.md): it allows what the guard writes and nothing clever.
 */

/** Where a member's sign-in lands without a valid `next`: the member space's dashboard (/user opens it). */
export const DEFAULT_LANDING = "/user/dashboard";

/**
 * Where a sign-in lands without a valid `next`: administrators come to manage, so the back office's dashboard
 * (issue 33 §1: they used to land on the member space and go on from there every time); members their space.
 */
export function landingFor(user: { role: string }): string {
  return user.role === "admin" ? "/admin/dashboard" : DEFAULT_LANDING;
}

/** A base no real address has, to resolve a path and see whether it would leave the site. */
const PROBE = "https://return.invalid";

const MAX_LENGTH = 2000;

/**
 * `raw` as a path to go to after sign-in, or null when it is not a same-site member or admin path. What comes
 * back is the browser's own normalisation of it (dot segments resolved), so what was checked is what is followed.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  // One leading slash: "//host" and "/\host" are read by browsers as another host.
  if (!raw.startsWith("/") || raw.startsWith("//")) return null;
  // No backslash anywhere (browsers read it as a slash), no control character (CR/LF, tab: the URL parser drops
  // tabs and newlines, so "/\t/evil.example" would become "//evil.example").
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE);
  } catch {
    return null;
  }
  if (url.origin !== PROBE) return null;
  const { pathname } = url;
  const area = pathname === "/user" || pathname.startsWith("/user/") || pathname === "/admin" || pathname.startsWith("/admin/");
  if (!area) return null;
  return `${pathname}${url.search}${url.hash}`;
}

/** The path to go to after sign-in, from /login's own address. */
export function returnPathFrom(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get("next"));
}

/** /login, carrying `current` (a page's path, query and hash) when it is one sign-in may return to. */
export function loginPath(current: string): string {
  const next = safeReturnPath(current);
  return next ? `/login?next=${encodeURIComponent(next)}` : "/login";
}

/** Across the Google round trip (this tab only): the provider's redirect loses /login's address. */
const KEY = "signInReturn";

export function keepReturnPath(path: string | null): void {
  try {
    if (path) sessionStorage.setItem(KEY, path);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the sign-in still works and lands on the member space.
  }
}

/** The kept path, checked again (storage is writable by any script of the site), removed as it is read. */
export function takeReturnPath(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return safeReturnPath(path);
  } catch {
    return null;
  }
}
