/**
 * Whether the login page offers Google sign-in, asked of the server at build time (`GET /api/auth/options`, which
 * writes nothing: starting a sign-in to find out stored a state row and spent the address's sign-in budget on
 * every build). Any failure keeps the button: its error path then explains. The answer is one of the login page's
 * reads (lib/page-reads.ts): the page is rendered again when it changes.
 */
import { keepAnswer, noteRead } from "./page-reads";

const ORIGIN = process.env.API_ORIGIN ?? "http://127.0.0.1:4321";
const OPTIONS = "/api/auth/options";

export async function googleSignInOffered(origin = ORIGIN): Promise<boolean> {
  noteRead(OPTIONS);
  try {
    const res = await fetch(`${origin}${OPTIONS}`);
    if (!res.ok) return true;
    const text = await res.text();
    keepAnswer(OPTIONS, text);
    const body = JSON.parse(text) as { google?: unknown };
    return body.google !== false;
  } catch {
    return true;
  }
}
