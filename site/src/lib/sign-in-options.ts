/**
 * Whether the login page offers Google sign-in, asked of the server at build time (`GET /api/auth/options`, which
 * writes nothing: starting a sign-in to find out stored a state row and spent the address's sign-in budget on
 * every build). Any failure keeps the button: its error path then explains.
 */
const ORIGIN = process.env.API_ORIGIN ?? "http://127.0.0.1:4321";

export async function googleSignInOffered(origin = ORIGIN): Promise<boolean> {
  try {
    const res = await fetch(`${origin}/api/auth/options`);
    if (!res.ok) return true;
    const body = (await res.json()) as { google?: unknown };
    return body.google !== false;
  } catch {
    return true;
  }
}
