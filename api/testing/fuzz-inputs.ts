/**
 * Generated requests for the input fuzz (api/fuzz.test.ts): bodies (JSON, urlencoded, multipart, broken),
 * query strings and path values of wrong types, sizes and shapes. Every case carries at least one "poison" in a
 * part the route reads (a field or parameter no schema names, an object with an unknown key, a body that is not
 * an object, a body over the limit, a path value that names nothing), so a correct API refuses it: no case may
 * be a valid write, and the test can ask that nothing at all was written.
 */
import fc from "fast-check";
import { readsOwnBody } from "../plugins/body-limit";

/** What one route reads, from its entry in the app's route table. */
export type RouteShape = {
  method: string;
  path: string;
  /** Field names of its body schema, or null when it reads no body. */
  bodyFields: string[] | null;
  /** Parameter names of its query schema, or null when it reads no query. */
  queryFields: string[] | null;
  /** Names of its `:params`. */
  params: string[];
};

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Texts that have broken parsers before: NUL, lone surrogates, bidi overrides, number-like words, markup. */
const nastyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "NaN",
    "-NaN",
    "Infinity",
    "-0",
    "1e309",
    "0x1F",
    "null",
    "undefined",
    "true",
    "[]",
    "{}",
    '{"zzz":{}}',
    "[object Object]",
    "__proto__",
    "constructor",
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "\uD800",
    "e\u0301",
    "💥",
    "\u202Egnp.exe",
    "%00",
    "%",
    "\r\n",
    "'; DROP TABLE users; --",
  ),
  // Long and very long texts: field limits, then the 64 KB body limit.
  fc.constantFrom(300, 5_001, 20_000, 70_000).map((n) => "é".repeat(n / 2)),
);

/** Keys that mean something to JavaScript, query parsers or databases. */
const nastyKey = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "", " ", "a.b", "a[b]", "a[]", "$where", "\u0000", "é", "💥", "0", "length", "zzz"),
  fc.string({ unit: "binary", minLength: 1, maxLength: 12 }),
);

const leaf: fc.Arbitrary<Json> = fc.oneof(
  nastyText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(1e308, -1, 0, Number.MAX_SAFE_INTEGER + 2),
);

/** Any JSON value, nested a few levels (objects with nasty keys, arrays of mixed kinds). */
export const jsonValue: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    leaf,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(nastyKey, tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** A key outside `known`: a field or parameter the route does not name. */
const unknownKey = (known: string[]) => nastyKey.filter((k) => !known.includes(k));

/** encodeURIComponent refuses lone surrogates; raw query texts below send invalid UTF-8 on purpose instead. */
const encode = (s: string) => encodeURIComponent(s.replace(/\p{Cs}/gu, "\uFFFD"));

export type Encoding = "json" | "urlencoded" | "multipart" | "broken-json" | "text";

export type BodyCase = {
  encoding: Encoding;
  /** The fields (for JSON, the whole value when `root` is set). */
  fields: Record<string, Json>;
  root?: Json;
  /** A file part: under a name, with a few bytes (a valid picture when `png`). */
  file?: { name: string; png: boolean; bytes: number[] };
};

export type Poison = "body" | "query" | "params";

export type FuzzCase = {
  poison: Poison | null;
  body: BodyCase | null;
  query: string;
  params: Record<string, string> | null;
};

const fieldsOf = (names: string[]) =>
  fc.dictionary(names.length ? fc.oneof(fc.constantFrom(...names), nastyKey) : nastyKey, jsonValue, { maxKeys: 6, noNullPrototype: true });

/** A route's valid body (from the authorization matrix), the base most cases poison: it reaches the deep code. */
export type ValidBody = { fields: Record<string, Json>; file?: string };

/** A body with a poison in it: an unknown field, an object with an unknown key, a non-object root, or too big. */
function poisonedBody(names: string[], valid: ValidBody | null): fc.Arbitrary<BodyCase> {
  const encoding = fc.constantFrom<Encoding>("json", "json", "urlencoded", "multipart", "multipart", "broken-json", "text");
  const file = fc.option(
    fc.record({ name: fc.oneof(fc.constantFrom("file", "croppedPic", "originalPic", "profilePic"), nastyKey), png: fc.boolean(), bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }) }),
    { nil: undefined },
  );
  // Mostly the valid body, sometimes with a few of its fields given odd values; else fields made up from nothing.
  const base = valid
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constant(valid.fields) },
        { weight: 2, arbitrary: fieldsOf(names).map((odd) => ({ ...valid.fields, ...odd })) },
        { weight: 1, arbitrary: fieldsOf(names) },
      )
    : fieldsOf(names);
  const validFile = valid?.file;
  const withFile = validFile ? fc.oneof(fc.constant({ name: validFile, png: true, bytes: [] as number[] }), file) : file;
  return fc
    .record({
      encoding,
      fields: base,
      kind: fc.constantFrom("unknown", "unknown", "nested", "root", "oversize"),
      key: unknownKey(names),
      known: names.length ? fc.constantFrom(...names) : unknownKey(names),
      value: jsonValue,
      root: fc.oneof(fc.array(jsonValue, { maxLength: 3 }), nastyText, fc.double(), fc.boolean(), fc.constant(null)),
      file: withFile,
    })
    .map(({ encoding, fields, kind, key, known, value, root, file }) => {
      const body: BodyCase = { encoding, fields: { ...fields }, file };
      const json = encoding === "json";
      // Defined, not assigned: `__proto__` must be a key of the body, not its prototype.
      const set = (k: string, v: Json) => Object.defineProperty(body.fields, k, { value: v, enumerable: true, writable: true, configurable: true });
      if (kind === "root" && json) body.root = root;
      // An object whose key no schema names: wrong for a text or list field, unknown inside an object field.
      else if (kind === "nested" && json) set(known, { [`zzz${key}`]: value });
      else if (kind === "oversize") set(key, "x".repeat(70_000));
      // An empty list would send no form field at all: the poison must be there.
      else set(key, Array.isArray(value) && value.length === 0 ? [""] : value);
      return body;
    });
}

/** Query strings: parsed pairs with nasty names and values, and raw texts that are hard to parse. */
function queryText(names: string[], poison: boolean): fc.Arbitrary<string> {
  const pairs = fc.array(fc.tuple(names.length ? fc.oneof(fc.constantFrom(...names), nastyKey) : nastyKey, nastyText), { maxLength: 4 });
  const raw = fc.constantFrom("%", "%zz", "a=%E0%A4%A", "q=%ED%A0%80", "%C0%AE%C0%AE=1", "&&&=", "a[b][c]=1", "__proto__[admin]=1", "constructor[prototype][x]=1", "page=1&page=2", "q", "=", "a=1=2");
  const pairsText = (list: [string, string][]) => list.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&");
  if (!poison) return fc.oneof(fc.constant(""), pairs.map(pairsText), raw);
  return fc
    .tuple(pairs, unknownKey(names).filter((k) => k !== ""), nastyText, fc.option(raw, { nil: undefined }))
    .map(([list, key, value, extra]) => [pairsText([...list, [key, value]]), extra].filter(Boolean).join("&"));
}

/** A path value that names nothing (ids are 24 hex digits, urls are slugs): odd, long, encoded or not. */
const oddParam = fc.oneof(
  nastyText.filter((s) => s.length > 0).map(encode),
  fc.constantFrom("%", "%2e%2e", "..", "%00", "a%2Fb", "0".repeat(24), "f".repeat(25), "%E0%A4%A", "x".repeat(3000)),
);

/** The cases for one route, each with a poison in a part the route reads, when it reads any. */
export function casesFor(route: RouteShape, valid: ValidBody | null = null): fc.Arbitrary<FuzzCase> {
  const targets: Poison[] = [];
  if (route.bodyFields) targets.push("body");
  if (route.queryFields) targets.push("query");
  if (route.params.length) targets.push("params");
  const names = route.bodyFields ?? [];
  const queryNames = route.queryFields ?? [];
  const poison = targets.length ? fc.constantFrom<Poison | null>(...targets) : fc.constant<Poison | null>(null);
  return poison.chain((target) =>
    fc.record({
      poison: fc.constant(target),
      // A route that reads no body gets one anyway now and then: it must ignore it without failing.
      body: target === "body" ? poisonedBody(names, valid) : fc.option(poisonedBody(names, valid), { nil: null, freq: 2 }),
      query: queryText(queryNames, target === "query"),
      params:
        target === "params"
          ? fc.tuple(...route.params.map(() => oddParam)).map((values) => Object.fromEntries(route.params.map((p, i) => [p, values[i]!])))
          : fc.constant(null),
    }),
  );
}

const text = (v: Json) => (typeof v === "string" ? v : JSON.stringify(v));

/** The request for one case; `params` are the route's valid values, used where the case does not poison them. */
export function requestOf(route: RouteShape, c: FuzzCase, params: Record<string, string>, headers: Record<string, string>, png: Uint8Array<ArrayBuffer>): Request {
  const path = route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => c.params?.[name] ?? encode(params[name] ?? "x"));
  const url = `http://localhost${path}${c.query ? `?${c.query}` : ""}`;
  const init: RequestInit & { headers: Record<string, string> } = { method: route.method, headers: { ...headers } };
  const b = c.body;
  if (b && route.method !== "GET" && route.method !== "HEAD") {
    const pairs = Object.entries(b.fields).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, text(x)] as const) : [[k, text(v)] as const]));
    if (b.encoding === "json") {
      init.body = JSON.stringify(b.root !== undefined ? b.root : b.fields);
      init.headers["content-type"] = "application/json";
    } else if (b.encoding === "broken-json") {
      init.body = JSON.stringify(b.fields).slice(0, -1) + ",";
      init.headers["content-type"] = "application/json";
    } else if (b.encoding === "text") {
      init.body = JSON.stringify(b.fields);
      init.headers["content-type"] = "text/plain";
    } else if (b.encoding === "urlencoded") {
      const form = new URLSearchParams();
      for (const [k, v] of pairs) form.append(k, v);
      init.body = form.toString();
      init.headers["content-type"] = "application/x-www-form-urlencoded";
    } else {
      const form = new FormData();
      if (b.file) form.append(b.file.name, new File([b.file.png ? png : new Uint8Array(b.file.bytes)], "f.png", { type: "image/png" }));
      for (const [k, v] of pairs) form.append(k, v);
      init.body = form;
    }
  }
  return new Request(url, init);
}

type Hooks = { body?: { properties?: Record<string, unknown> }; query?: { properties?: Record<string, unknown> } };

/** What a route of the app's table reads, from its schemas (and whether it reads its own body). */
export function shapeOf(route: { method: string; path: string; hooks: unknown }): RouteShape {
  const hooks = route.hooks as Hooks;
  const ownBody = readsOwnBody(route);
  return {
    method: route.method,
    path: route.path,
    bodyFields: hooks.body || ownBody ? Object.keys(hooks.body?.properties ?? {}) : null,
    queryFields: hooks.query ? Object.keys(hooks.query.properties ?? {}) : null,
    params: [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!),
  };
}

export const readsInput = (s: RouteShape) => Boolean(s.bodyFields || s.queryFields || s.params.length);

/** A case in a line, long strings cut, for a failure's message. */
export const describeCase = (c: FuzzCase) =>
  JSON.stringify(c, (_, v) => (typeof v === "string" && v.length > 120 ? `${v.slice(0, 40)}…(${v.length})` : v)).slice(0, 600);
