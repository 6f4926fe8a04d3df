import { Elysia } from "elysia";
import type { Deps } from "../deps";
import type { Change, ChangeKind } from "../lib/change";

type Params = Record<string, string | undefined>;

/**
 * What a write route tells the rebuild plugin: the kind of item it changes, or a function of the route's params
 * and answer that returns the change (or null when this particular call changed nothing the public sees).
 */
export type RebuildOption = ChangeKind | ((ctx: { params: Params; response: unknown }) => Change | null);

function idOf(params: Params, response: unknown): string | undefined {
  if (params.id) return params.id;
  const r = response as { _id?: unknown } | null;
  return typeof r?._id === "string" ? r._id : undefined;
}

/**
 * Route option `{ rebuild: "article" }`: after a successful answer, cached public answers are dropped and the
 * coalesced site rebuild is asked for. Registered once here, so no handler has to remember to call it; errors
 * (thrown before afterHandle) never trigger a rebuild.
 */
export const rebuildPlugin = (deps: Deps) =>
  new Elysia({ name: "rebuild" }).macro({
    rebuild: (option: RebuildOption) => ({
      afterHandle(ctx: { params?: Params; responseValue?: unknown; response?: unknown }) {
        const params = ctx.params ?? {};
        // Elysia 1.4 names the handler's answer `responseValue` (older releases: `response`).
        const response = "responseValue" in ctx ? ctx.responseValue : ctx.response;
        const change = typeof option === "function" ? option({ params, response }) : { kind: option, id: idOf(params, response) };
        // Fire and forget: the answer does not wait for the build; the builder coalesces bursts.
        if (change) void deps.contentChanged(change);
      },
    }),
  });
