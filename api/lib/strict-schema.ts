/**
 * Strict request schemas: a property no schema names is refused (400, `Champ inconnu : « x ».`), at every depth,
 * for JSON, urlencoded and multipart bodies and for query strings alike (docs/DECISIONS.md, « Strict input »).
 *
 * Why a schema for extra properties rather than `additionalProperties: false`: Elysia normalizes bodies and
 * queries before it checks them (its `normalize` option, on by default, copies only the named properties), so a
 * plain `false` silently drops unknown fields instead of refusing them. A schema is kept by the copy (exact-mirror
 * spreads the value when `additionalProperties` is truthy), then checked like any property; `Never` lets nothing
 * through. Answers stay normalized: response schemas are not made strict, so a row's extra columns are still cut
 * off by the answer's schema instead of failing it.
 */
import { CloneType, type TProperties, type TSchema } from "@sinclair/typebox";
import { t } from "elysia";

/** Marks the schema of unknown properties, so the errors plugin can name the field in its message. */
export const UNKNOWN_FIELD = "unknownField";

/** What an unknown property is checked against: nothing passes. */
const Unknown = t.Never({ error: "Champ inconnu.", [UNKNOWN_FIELD]: true });

type Node = Record<string, unknown> & { type?: unknown; properties?: Record<string, Node>; additionalProperties?: unknown };

function tighten(node: unknown): void {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) return node.forEach(tighten);
  const schema = node as Node;
  // Records (`patternProperties`) name their keys by pattern: they are not a form's fields.
  if (schema.type === "object" && schema.properties && !("patternProperties" in schema)) {
    // `false` is replaced too: under Elysia's normalization it would mean "dropped", not "refused".
    if (schema.additionalProperties === undefined || schema.additionalProperties === false)
      schema.additionalProperties = CloneType(Unknown);
  }
  for (const key of ["properties", "items", "anyOf", "allOf", "oneOf", "not"] as const) {
    const child = schema[key];
    if (key === "properties" && child && typeof child === "object") Object.values(child).forEach(tighten);
    else tighten(child);
  }
}

/** The field a JSON pointer (`/socialLinks/zzz`, as TypeBox reports errors) ends with. */
export function fieldOfPointer(path: string): string {
  return (path.split("/").pop() ?? "").replace(/~1/g, "/").replace(/~0/g, "~");
}

/** The message for an unknown field: its name, cut short and stripped of control characters (it is the client's). */
export function unknownFieldMessage(name: string, where: "body" | "query" = "body"): string {
  const shown = [...name.replace(/\p{C}/gu, "")].slice(0, 60).join("");
  return `${where === "query" ? "Paramètre inconnu" : "Champ inconnu"}\u00a0: «\u00a0${shown}\u00a0».`;
}

/** A copy of `schema` in which every object refuses the properties it does not name. */
export function strict<T extends TSchema>(schema: T): T {
  const copy = CloneType(schema);
  tighten(copy);
  return copy;
}

/** Marks an object deliberately left open: it keeps fields it does not name, and the route-table test knows it. */
export const OPEN_OBJECT = "openObject";

/**
 * An object that keeps the fields it does not name, on purpose: a WebAuthn credential, to which browsers add fields
 * over time (the library checks what matters: signature, challenge, origin). Its named properties are still checked.
 */
export function openObject<T extends TProperties>(properties: T, options: Record<string, unknown> = {}) {
  return t.Object(properties, { ...options, additionalProperties: true, [OPEN_OBJECT]: true });
}

/** True when every object in `schema` refuses unknown properties (the test over the route table checks this). */
export function isStrict(schema: unknown): boolean {
  if (!schema || typeof schema !== "object") return true;
  if (Array.isArray(schema)) return schema.every(isStrict);
  const s = schema as Node;
  if (s.type === "object" && s.properties && !("patternProperties" in s)) {
    const extra = s.additionalProperties as Record<string, unknown> | undefined;
    if (s[OPEN_OBJECT] !== true && (!extra || extra[UNKNOWN_FIELD] !== true)) return false;
  }
  return (["items", "anyOf", "allOf", "oneOf", "not"] as const).every((k) => isStrict(s[k])) && Object.values(s.properties ?? {}).every(isStrict);
}
