/**
 * TEST HELPER: one call of a matrix rule's route as a caller, with fresh path parameters and body, sent through
 * `send`: the app in the test's process (api/authz-matrix.test.ts) or a real server's door (a worker's,
 * api/authz-matrix-worker.test.ts).
 */
import type { Body, Rule } from "./authz-matrix";
import type { Caller, World } from "./authz-matrix-world";
import { refusalMessage } from "./refusal-message";

export type Send = (request: Request) => Promise<Response>;

export async function callRule(send: Send, w: World, method: string, path: string, rule: Rule, caller: Caller, origin = "http://localhost") {
  const params = rule.params ? await rule.params(w) : {};
  const url = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`${method} ${path}: the rule gives no value for :${name}`);
    return encodeURIComponent(params[name]!);
  });
  const body: Body | undefined = rule.body?.(w, caller);
  const headers: Record<string, string> = { ...caller.headers, ...rule.headers?.(w) };
  const init: RequestInit = { method, headers };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    headers["content-type"] = "application/json";
  }
  const res = await send(new Request(`${origin}${url}`, init));
  const text = await res.text();
  const message = refusalMessage(res, text);
  return { status: res.status, message, headers: res.headers };
}
