/**
 * Headers set on every response. The CSP allows the third-party players the media pages embed on request
 * (click-to-load) and nothing else. Scripts: our own files, WebAssembly for Pagefind's search, and the inline
 * scripts of the live build by hash only (no 'unsafe-inline'): the build lists them (scripts/csp-hashes.ts) and
 * the server takes the list when it puts that build live (`useBuildScriptHashes`), so an injected inline script
 * or handler never runs.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Written by the build next to the pages (a dot file, never served). */
export const CSP_HASHES_FILE = ".csp-script-hashes.json";

function csp(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self' 'wasm-unsafe-eval'", ...scriptHashes].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' https:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://w.soundcloud.com https://www.facebook.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const SECURITY_HEADERS: Record<string, string> = {
  "content-security-policy": csp([]),
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
};

/**
 * Headers of single pages, over the ones above. The password-reset page holds a token in its address until its
 * script wipes it: no Referer may carry it to another site meanwhile (the page also says so in a meta tag).
 */
export const PAGE_HEADERS: Record<string, Record<string, string>> = {
  "reinitialiser-mot-de-passe.html": { "referrer-policy": "no-referrer", "cache-control": "no-store" },
  // The personal cancel link of a registration (issue 22), same rule.
  "inscription/annuler.html": { "referrer-policy": "no-referrer", "cache-control": "no-store" },
  // The links that confirm a registrant's or a subscriber's address (issue 30 §4), same rule.
  "inscription/confirmer.html": { "referrer-policy": "no-referrer", "cache-control": "no-store" },
  "lettre/confirmation.html": { "referrer-policy": "no-referrer", "cache-control": "no-store" },
};

/** Two years, the preload list's minimum; only sent when the public address is https (browsers ignore it on http). */
const HSTS = "max-age=63072000; includeSubDomains";

/**
 * Called once at start by each listening process (api/server.ts, api/web-worker.ts), before any response:
 * SECURITY_HEADERS is spread into responses, so it must be complete before the first one.
 */
export function configureSecurityHeaders(opts: { publicUrl: string }) {
  if (opts.publicUrl.startsWith("https:")) SECURITY_HEADERS["strict-transport-security"] = HSTS;
  else delete SECURITY_HEADERS["strict-transport-security"];
}

/**
 * Allows the inline scripts of the build in `dir` (call it before serving that build: static files copy the
 * headers when first cached). Without the list (no build yet, or an older build) no inline script runs.
 */
export function useBuildScriptHashes(dir: string | null) {
  let hashes: string[] = [];
  if (dir) {
    try {
      const parsed = JSON.parse(readFileSync(join(dir, CSP_HASHES_FILE), "utf8")) as { scriptHashes?: unknown };
      if (Array.isArray(parsed.scriptHashes)) hashes = parsed.scriptHashes.filter((h): h is string => /^'sha256-[A-Za-z0-9+/=]+'$/.test(String(h)));
    } catch {
      console.warn(`No ${CSP_HASHES_FILE} in ${dir}: inline scripts stay blocked until the next build.`);
    }
  }
  SECURITY_HEADERS["content-security-policy"] = csp(hashes);
}

export function withSecurityHeaders(res: Response): Response {
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) if (!res.headers.has(k)) res.headers.set(k, v);
  return res;
}
