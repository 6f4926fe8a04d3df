import { Elysia } from "elysia";
import { NotFoundError } from "../lib/errors";

/**
 * Elysia hands a route `null` for a path parameter that is not valid percent-encoding (`/api/public/member/%ff`).
 * No page has such an address: 404 here, before any handler dereferences the null (it answered 500).
 */
export const undecodableParams = new Elysia({ name: "undecodable-params" }).onTransform({ as: "global" }, ({ params }) => {
  if (!params) return;
  for (const value of Object.values(params)) if (value === null) throw new NotFoundError();
});
