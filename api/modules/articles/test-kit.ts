/**
 * Helpers for the article and media API tests: signed-in people (real sessions, no password hashing to wait for)
 * and requests with JSON or real multipart `FormData` bodies through the real app.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createSession } from "../../lib/session";
import type { Harness } from "../../testing/harness";
import { makeUser } from "../../testing/factory";

export type Person = { id: string; nickname: string; auth: Record<string, string> };

/** A member (or admin) with a live session. */
export async function person(h: Harness, nickname: string, role: "user" | "admin" = "user"): Promise<Person> {
  const user = await makeUser(h.database.db, { nickname, role });
  const { token } = await createSession(h.database.db, user.id);
  return { id: user.id, nickname, auth: { authorization: `Bearer ${token}` } };
}

type FieldValue = string | string[] | File | undefined;

/** A multipart body; a list becomes a repeated field, as the browser's form sends it. */
export function formData(fields: Record<string, FieldValue>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
  }
  return form;
}

/** One request through the app: `body` is sent as multipart when it is FormData, else as JSON. */
export async function send(
  h: Harness,
  method: string,
  path: string,
  body?: FormData | object,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: any }> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  const res = await h.app.handle(new Request(`http://localhost${path}`, init));
  const text = await res.text();
  let json: unknown = text;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, json };
}

/** Whether a file exists under the harness's uploads folder (`area/name`, or a public `/uploads/...` path). */
export function uploaded(h: Harness, path: string): boolean {
  return existsSync(join(h.deps.env.uploadsDir, path.replace(/^\/uploads\//, "")));
}

/** How many content changes (rebuild requests) the block caused. */
export async function changesDuring(h: Harness, block: () => Promise<unknown>): Promise<number> {
  const before = h.changes;
  await block();
  // The rebuild option fires after the answer without being awaited: let it run.
  await new Promise((r) => setTimeout(r, 0));
  return h.changes - before;
}
