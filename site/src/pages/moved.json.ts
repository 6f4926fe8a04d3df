import type { APIRoute } from "astro";
import { api } from "../lib/api";

/**
 * The table of moved pages for the front (api/lib/static-site.ts `movedTo`): a renamed member's old profile
 * addresses -> their current ones, answered with a 301 where no page has the old address (issue 19 §3.18).
 */
export const GET: APIRoute = async () => {
  const moved = await api.oldAddresses();
  return new Response(JSON.stringify(Object.fromEntries(moved.map((m) => [m.from, m.to]))), {
    headers: { "content-type": "application/json; charset=utf-8" },
  });
};
