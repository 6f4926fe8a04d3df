/**
 * From the text fields of a form to the typed value its TypeBox schema describes. Forms reach us as multipart
 * (every value a string, repeated fields repeated, lists as JSON text) or as JSON, which readUploadForm flattens to
 * the same `Record<string, string[]>`; the schema says what each field should become. Then the value is checked
 * against the schema, and the first failing field's French `error` is the answer (as Elysia does for bodies).
 */
import { TypeCompiler, type TypeCheck } from "@sinclair/typebox/compiler";
import type { Static, TObject, TSchema } from "@sinclair/typebox";
import { BadRequestError } from "./errors";
import { readUploadForm } from "./uploads/form";

type Fields = Record<string, string[]>;
type SchemaLike = TSchema & { type?: string; error?: unknown; anyOf?: SchemaLike[]; items?: SchemaLike };

const TRUE = new Set(["true", "1", "on", "yes", "oui"]);
const FALSE = new Set(["false", "0", "off", "no", "non", ""]);

function jsonOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The schema's own type, looking through `Nullable` / unions of one kind with null. */
function typeOf(schema: SchemaLike): string | undefined {
  if (schema.type) return schema.type;
  const kinds = (schema.anyOf ?? []).map((s) => s.type).filter((t) => t && t !== "null");
  return kinds.length === 1 ? kinds[0] : undefined;
}

function coerce(schema: SchemaLike, values: string[]): unknown {
  const first = values[0] ?? "";
  switch (typeOf(schema)) {
    case "array": {
      // A list as repeated fields, as one JSON list text, or as one plain value.
      const parsed = values.length === 1 && first.trim().startsWith("[") ? jsonOr(first) : values;
      const list = Array.isArray(parsed) ? parsed : values;
      const itemType = schema.items ? typeOf(schema.items) : undefined;
      return Array.isArray(list) && itemType && itemType !== "string" ? list.map((v) => coerce(schema.items!, [String(v)])) : list;
    }
    case "boolean": {
      const v = first.trim().toLowerCase();
      return TRUE.has(v) ? true : FALSE.has(v) ? false : first;
    }
    case "number":
    case "integer":
      return first.trim() === "" ? first : Number(first);
    case "object":
      return jsonOr(first);
    case "null":
      return null;
    default:
      return first;
  }
}

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

/** The message of the first problem: the failing schema's `error`, else its top-level field's, else a generic one. */
function messageOf(schema: TObject, check: TypeCheck<TSchema>, value: unknown): string {
  const first = check.Errors(value).First();
  if (!first) return "Données invalides.";
  const own = (first.schema as SchemaLike).error;
  if (typeof own === "string") return own;
  const field = first.path.split("/")[1];
  const top = field ? (schema.properties[field] as SchemaLike | undefined)?.error : undefined;
  return typeof top === "string" ? top : "Données invalides.";
}

/**
 * The form's value for `schema`, checked. Fields the schema does not name are dropped; absent fields stay
 * absent (optional ones then take their service default).
 */
export function formValues<T extends TObject>(schema: T, fields: Fields): Static<T> {
  const value: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(schema.properties)) {
    const values = fields[key];
    if (values === undefined || values.length === 0) continue;
    value[key] = coerce(prop as SchemaLike, values);
  }
  let check = compiled.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    compiled.set(schema, check);
  }
  if (!check.Check(value)) throw new BadRequestError(messageOf(schema, check, value));
  return value as Static<T>;
}

/**
 * The text fields of a form sent as multipart (a file part is skipped, never stored), urlencoded or JSON, read
 * with the uploads reader: streamed, 64 KB of fields at most.
 */
export async function readFormFields(request: Request, uploadsDir: string): Promise<Fields> {
  return (await readUploadForm(request, { uploadsDir })).fields;
}
