/**
 * The token of a personal link (`#token=…`; `?token=…` from older links), taken once on load and kept in memory
 * only: the address bar is rewritten at once, so the token is left in no history entry, bookmark or screenshot of
 * the address bar. The fragment never reaches a server, so it is in no access log or referrer either.
 */
export function takeLinkToken(): string | null {
  const token = new URLSearchParams(location.hash.slice(1)).get("token") ?? new URLSearchParams(location.search).get("token");
  if (token) history.replaceState(null, "", location.pathname);
  return token;
}
