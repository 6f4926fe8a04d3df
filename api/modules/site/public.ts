import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { clientIp } from "../../lib/client-ip";
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from "../../lib/errors";
import { RateLimiter } from "../../lib/rate-limit";
import { constantTimeEqual } from "../../lib/session";

/** The shared rebuild secret, compared without revealing a matching prefix through timing. */
function tokenMatches(given: string | null, expected: string | undefined): boolean {
  return !!expected && !!given && constantTimeEqual(given, expected);
}

function bearer(request: Request): string | null {
  const h = request.headers.get("authorization");
  return h?.startsWith("Bearer ") ? h.slice(7) : request.headers.get("x-rebuild-token");
}

/**
 * Site rebuild hook and health. The hook is for deploy scripts and tests; writes made through the API trigger
 * rebuilds themselves.
 */
export const sitePublicRoutes = ({ builder, env, contentChanged }: Deps) => {
  // Wrong tokens per address, counted before the comparison (a parallel burst cannot pass the check together);
  // the right one is given back. Ten guesses in 15 minutes make guessing a long secret hopeless.
  const guesses = new RateLimiter(10, 15 * 60_000);
  return new Elysia({ name: "site-public" })
    .get("/api/health", () => {
      const s = builder.status();
      return { ok: true, site: { ready: s.live !== null, building: s.building } };
    })
    .guard({
      beforeHandle({ request }) {
        if (!env.rebuildToken) throw new ForbiddenError("Le déclenchement manuel des reconstructions est désactivé.");
        const ip = clientIp(request);
        const wait = guesses.take(ip);
        if (wait > 0) throw new TooManyRequestsError("Trop de tentatives. Réessayez dans quelques minutes.", wait);
        if (!tokenMatches(bearer(request), env.rebuildToken)) throw new UnauthorizedError("Jeton de reconstruction invalide.");
        guesses.refund(ip);
      },
    })
    .post("/api/hooks/rebuild", async ({ query, set }) => {
      // The database may have been changed behind the API's back (imports, scripts): forget cached answers too.
      const build = contentChanged({ kind: "site" });
      if (query.wait === "1") {
        const report = await build;
        set.status = report.ok ? 200 : 500;
        return { message: report.ok ? "Site reconstruit." : "La reconstruction a échoué.", report };
      }
      set.status = 202;
      return { message: "Reconstruction demandée.", status: builder.status() };
    })
    .get("/api/hooks/rebuild", () => builder.status());
};
