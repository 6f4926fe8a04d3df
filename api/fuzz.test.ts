/**
 * Input fuzz over the app's own route table: every route × anonymous, member, other member and admin receives
 * generated requests (api/testing/fuzz-inputs.ts) whose body, query or path carries something no schema allows,
 * in JSON, urlencoded, multipart, broken and non-form bodies. None may answer 5xx, each refusal comes with a
 * French message, and nothing is written: every table's rows and UPLOADS_DIR (`.tmp` included) are the same
 * before and after each route. Fixed seed and bounded count; FUZZ_RUNS raises the count for a longer run.
 * Each 500 it found is kept as a plain case in api/strict-input.test.ts.
 */
import { refusalMessage } from "./testing/refusal-message";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RULES } from "./testing/authz-matrix";
import { makeWorld, ROLES, type Caller, type World } from "./testing/authz-matrix-world";
import { casesFor, describeCase, readsInput, requestOf, shapeOf, type RouteShape, type ValidBody } from "./testing/fuzz-inputs";
import { createHarness, type Harness } from "./testing/harness";
import { writeDigest, writtenBetween } from "./testing/write-digests";

const SEED = 20261125;
/**
 * Cases per route and role: ~60 routes that read input × 4 roles × 20 ≈ 4,800 requests, about 20 s here (under a
 * minute on a loaded machine).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

/** A matrix body as fields (a picture form as its file field's name). */
function validBodyOf(body: object | FormData): ValidBody {
  if (!(body instanceof FormData)) return { fields: { ...(body as Record<string, never>) } };
  const valid: ValidBody = { fields: {} };
  for (const [k, v] of body.entries()) {
    if (typeof v === "string") valid.fields[k] = v;
    else valid.file = k;
  }
  return valid;
}

describe("input fuzz over every route and role", () => {
  let h: Harness;
  let w: World;
  let callers: Caller[];
  let routes: { method: string; path: string; hooks: unknown }[];

  beforeAll(async () => {
    // Google sign-in on (Google's own endpoints, never reached: every case is refused before), so that its routes
    // answer for real instead of 503.
    h = await createHarness({
      REBUILD_TOKEN: "jeton-de-reconstruction-du-fuzz",
      GOOGLE_CLIENT_ID: "fuzz-client",
      GOOGLE_CLIENT_SECRET: "fuzz-secret",
      GOOGLE_REDIRECT_URI: "http://127.0.0.1:4321/auth/callback",
    });
    w = await makeWorld(h);
    callers = await Promise.all(ROLES.map((r) => w.caller(r)));
    routes = h.app.routes.filter((r) => ["GET", "POST", "PUT", "PATCH", "DELETE"].includes(r.method) && typeof r.path === "string");
  });
  afterAll(() => h.close());

  it("refuses every poisoned request without a 5xx, in French, and writes nothing", async () => {
    const problems: string[] = [];
    const shapes = routes.map(shapeOf);
    // Routes that read no input at all (sign-out, a manual rebuild, the start of Google sign-in) always act: no
    // request to them is invalid. They get their own case below.
    const fuzzed = shapes.filter(readsInput);
    // Valid path values and bodies (made before the first digest, so that making them is not counted as a write).
    const validParams = new Map<RouteShape, Record<string, string>>();
    const validBodies = new Map<RouteShape, ValidBody | null>();
    for (const s of fuzzed) {
      const rule = RULES[`${s.method} ${s.path}`];
      validParams.set(s, (await rule?.params?.(w)) ?? {});
      validBodies.set(s, rule?.body ? validBodyOf(rule.body(w, callers[1]!)) : null);
    }
    const uploadsDir = w.h.deps.env.uploadsDir;

    for (const route of fuzzed) {
      const key = `${route.method} ${route.path}`;
      const before = await writeDigest(h.database.client, uploadsDir);
      for (const [i, caller] of callers.entries()) {
        await fc.assert(
          fc.asyncProperty(casesFor(route, validBodies.get(route)!), async (c) => {
            const res = await h.app.handle(requestOf(route, c, validParams.get(route)!, caller.headers, w.png));
            const text = await res.text();
            const message = refusalMessage(res, text);
            const where = `${key} as ${caller.role}: ${describeCase(c)}`;
            if (res.status >= 500) problems.push(`${res.status} ${where} → ${text.slice(0, 200)}`);
            else if (c.poison && res.status < 400) problems.push(`${res.status} accepted ${where}`);
            else if (res.status >= 400 && (typeof message !== "string" || message.length < 5)) problems.push(`${res.status} without a French message ${where}`);
          }),
          { seed: SEED + i, numRuns: RUNS, endOnFailure: true },
        );
      }
      const written = writtenBetween(before, await writeDigest(h.database.client, uploadsDir));
      if (written) problems.push(`${key} wrote: ${written}`);
    }
    expect(problems).toEqual([]);
    expect(fuzzed.length).toBeGreaterThan(50);
  }, 300_000);

  it("answers routes that read no input without a 5xx, whatever they are sent", async () => {
    const problems: string[] = [];
    const idle = routes.map(shapeOf).filter((s) => !readsInput(s));
    for (const route of idle) {
      for (const role of ROLES) {
        await fc.assert(
          fc.asyncProperty(casesFor(route), async (c) => {
            // A fresh session each time: sign-out ends the one it is sent with.
            const caller = await w.caller(role);
            const res = await h.app.handle(requestOf(route, c, {}, caller.headers, w.png));
            const message = refusalMessage(res, await res.text());
            const where = `${route.method} ${route.path} as ${role}: ${describeCase(c)}`;
            if (res.status >= 500) problems.push(`${res.status} ${where}`);
            else if (res.status >= 400 && (typeof message !== "string" || message.length < 5)) problems.push(`${res.status} without a French message ${where}`);
          }),
          { seed: SEED, numRuns: Math.ceil(RUNS / 4) },
        );
      }
    }
    expect(problems).toEqual([]);
    expect(idle.length).toBeGreaterThan(0);
  }, 120_000);
});
