import { Elysia } from "elysia";
import { HttpError, TooManyRequestsError } from "../lib/errors";

/** Every error leaves the API as `{ message }` in French with the right status; internals never leak. */
export const errors = new Elysia({ name: "errors" })
  .error({ HttpError })
  .onError({ as: "global" }, ({ code, error, set }) => {
    if (error instanceof HttpError) {
      set.status = error.status;
      if (error instanceof TooManyRequestsError) set.headers["retry-after"] = String(error.retryAfterSeconds);
      return { message: error.message };
    }
    switch (code) {
      case "VALIDATION": {
        set.status = 400;
        // The schema's own `error` text is French and stays visible even in production mode.
        const custom = (error as { customError?: unknown }).customError;
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
