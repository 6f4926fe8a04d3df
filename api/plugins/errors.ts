import { Elysia } from "elysia";
import { HttpError, TooManyRequestsError } from "../lib/errors";
import { fieldOfPointer, UNKNOWN_FIELD, unknownFieldMessage } from "../lib/strict-schema";

/**
 * Every error leaves the API as `{ message }` in French with the right status (plus `part` when the error names the
 * part of the request it refuses); internals never leak.
 */
export const errors = new Elysia({ name: "errors" })
  .error({ HttpError })
  .onError({ as: "global" }, ({ code, error, set }) => {
    if (error instanceof HttpError) {
      set.status = error.status;
      if (error instanceof TooManyRequestsError) set.headers["retry-after"] = String(error.retryAfterSeconds);
      return error.part ? { message: error.message, part: error.part } : { message: error.message };
    }
    switch (code) {
      case "VALIDATION": {
        set.status = 400;
        // The schema's own `error` text is French and stays visible even in production mode.
        const { customError: custom, valueError, type } = error as { customError?: unknown; valueError?: { path: string; schema: object }; type?: string };
        // A field no schema names (api/lib/strict-schema.ts): say which one.
        if (valueError && (valueError.schema as Record<string, unknown>)[UNKNOWN_FIELD] === true) {
          return { message: unknownFieldMessage(fieldOfPointer(valueError.path), type === "query" ? "query" : "body") };
        }
        return { message: typeof custom === "string" ? custom : "Données invalides." };
      }
      case "PARSE":
        set.status = 400;
        return { message: "Requête illisible." };
      case "NOT_FOUND":
        set.status = 404;
        return { message: "Ressource introuvable." };
      case "INVALID_COOKIE_SIGNATURE":
        set.status = 400;
        return { message: "Requête invalide." };
      default:
        set.status = 500;
        console.error(error);
        return { message: "Erreur interne du serveur." };
    }
  });
