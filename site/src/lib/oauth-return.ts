/**
 * Reads what the provider sent back (spec §5): access_token in the hash first, else access_token in the query,
 * else code in the query. `state` comes from the query (or the hash) and is checked by the server.
 */
export function readOAuthReturn(href: string): { credential: string; state: string } {
  const url = new URL(href);
  const hash = new URLSearchParams(url.hash.replace(/^#/, ""));
  const query = url.searchParams;
  const credential = hash.get("access_token") || query.get("access_token") || query.get("code");
  if (!credential) throw new Error("No access token or authorization code found in URL");
  return { credential, state: query.get("state") || hash.get("state") || "" };
}
