/**
 * The few errors services throw. The errors plugin turns each into `{ message }` with its HTTP status (and `part`
 * when set), so route handlers stay free of try/catch. Messages are French: they are shown to people.
 */
export class HttpError extends Error {
  /**
   * The part of a request the refusal is about, when a form must tell it from the others (« ownerProof »: the
   * owner-present step's fields, api/modules/owner-present): forms read it, never the French message.
   */
  part?: string;

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = "Ressource introuvable.") {
    super(404, message);
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = "Veuillez vous connecter.") {
    super(401, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = "Accès refusé.") {
    super(403, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/** A body larger than the route accepts (uploads, forms, JSON). */
export class PayloadTooLargeError extends HttpError {
  constructor(message = "Requête trop volumineuse.") {
    super(413, message);
  }
}

/** Content of a type the route does not accept (checked by content, not by name). */
export class UnsupportedMediaTypeError extends HttpError {
  constructor(message: string) {
    super(415, message);
  }
}
