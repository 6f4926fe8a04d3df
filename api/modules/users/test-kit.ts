/**
 * Helpers for the people, themes, events, contact and site API tests: signed-in people (real sessions) and
 * requests with JSON or real multipart bodies through the real app.
 */
import { createSession } from "../../lib/session";
import { makeUser } from "../../testing/factory";
import type { Harness } from "../../testing/harness";

export type Person = { id: string; nickname: string; auth: Record<string, string> };

/** A member (or admin) with a live session; with `password` they can also change it or sign in. */
export async function person(h: Harness, nickname: string, role: "user" | "admin" = "user", password?: string): Promise<Person> {
  const user = await makeUser(h.database.db, { nickname, role, password });
  const { token } = await createSession(h.database.db, user.id);
  return { id: user.id, nickname, auth: { authorization: `Bearer ${token}` } };
}

/** A multipart body; a list becomes a repeated field, as a browser form sends it. */
export function formData(fields: Record<string, string | string[] | File | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
  }
  return form;
}

/** One request through the app: FormData goes as multipart, anything else as JSON. */
export async function send(h: Harness, method: string, path: string, body?: FormData | object, headers: Record<string, string> = {}) {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  const res = await h.app.handle(new Request(`http://localhost${path}`, init));
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json, headers: res.headers };
}

/** A route's answers for nobody, a member and an admin: the first two must be 401 and 403. */
export async function audiences(h: Harness, member: Person, method: string, path: string, body?: FormData | object) {
  return {
    anonymous: (await send(h, method, path, body)).status,
    member: (await send(h, method, path, body, member.auth)).status,
  };
}
