/**
 * Headers set on every response. The CSP allows the third-party players the media pages embed on request
 * (click-to-load) and nothing else; inline scripts are needed by Astro's small hoisted scripts.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'",
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

export const SECURITY_HEADERS: Record<string, string> = {
  "content-security-policy": CSP,
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
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

export function withSecurityHeaders(res: Response): Response {
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) if (!res.headers.has(k)) res.headers.set(k, v);
  return res;
}
