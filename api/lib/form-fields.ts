/**
 * From the text fields of a form to the typed value its TypeBox schema describes. Forms reach us as multipart
 * (every value a string, repeated fields repeated, lists as JSON text) or as JSON, which readUploadForm flattens to
 * the same `Record<string, string[]>`; the schema says what each field should become. Then the value is checked
 * against the schema, made strict, and the first failing field's French `error` is the answer (as Elysia does for
 * bodies): a field the schema does not name, a repeated field that is not a list, or a JSON value of the wrong type
 * is refused (docs/DECISIONS.md, « Strict input »).
 */
import { TypeCompiler, type TypeCheck } from "@sinclair/typebox/compiler";
import type { Static, TObject, TSchema } from "@sinclair/typebox";
import { BadRequestError } from "./errors";
import { fieldOfPointer, strict, UNKNOWN_FIELD, unknownFieldMessage } from "./strict-schema";
import { JSON_VALUES, readUploadForm, type FormFields } from "./uploads/form";

type Fields = FormFields;
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
  const type = typeOf(schema);
  // One field sent several times is a list: anything but a list field refuses it (through its own message).
  if (values.length > 1 && type !== "array") return values;
  switch (type) {
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
  if ((first.schema as Record<string, unknown>)[UNKNOWN_FIELD] === true) return unknownFieldMessage(fieldOfPointer(first.path));
  const own = (first.schema as SchemaLike).error;
  if (typeof own === "string") return own;
  const field = first.path.split("/")[1];
  const top = field ? (schema.properties[field] as SchemaLike | undefined)?.error : undefined;
  return typeof top === "string" ? top : "Données invalides.";
}

/**
 * A value of a JSON body as the schema expects it: text is read as a form field would be ("true", a JSON list or
 * object as text, comma text); a list of texts for a list field likewise; anything else (numbers, booleans,
 * objects, null) stays as sent, and the check accepts it only if it has the schema's type.
 */
function fromJson(schema: SchemaLike, raw: unknown): unknown {
  if (typeof raw === "string") return coerce(schema, [raw]);
  if (Array.isArray(raw) && typeOf(schema) === "array" && raw.every((v) => typeof v === "string")) return coerce(schema, raw);
  return raw;
}

/**
 * The form's value for `schema`, checked against the strict copy of the schema. A field the schema does not name
 * is refused; absent fields stay absent (optional ones then take their service default).
 */
export function formValues<T extends TObject>(schema: T, fields: Fields): Static<T> {
  for (const name of Object.keys(fields)) {
    if (!Object.hasOwn(schema.properties, name)) throw new BadRequestError(unknownFieldMessage(name));
  }
  const json = fields[JSON_VALUES];
  const value: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(schema.properties)) {
    if (json && Object.hasOwn(json, key)) {
      value[key] = fromJson(prop as SchemaLike, json[key]);
      continue;
    }
    const values = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (values === undefined || values.length === 0) continue;
    value[key] = coerce(prop as SchemaLike, values);
  }
  let check = compiled.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(strict(schema));
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
