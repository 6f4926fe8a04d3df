/**
 * Whether the login page offers Google sign-in. Asked of the server at build time, through the same endpoint the
 * button calls: it answers 503 when Google sign-in is not configured (api/modules/auth). Starting a sign-in there
 * only draws a state and a PKCE verifier (kept in a cookie this request drops), so asking has no effect.
 * Any other answer, an error included, keeps the button: it then shows the spec's error path as before.
 */
const ORIGIN = process.env.API_ORIGIN ?? "http://127.0.0.1:4321";

export async function googleSignInOffered(origin = ORIGIN): Promise<boolean> {
  try {
    const res = await fetch(`${origin}/api/auth/google`, { redirect: "manual" });
    await res.body?.cancel();
    return res.status !== 503;
  } catch {
    return true;
  }
}
