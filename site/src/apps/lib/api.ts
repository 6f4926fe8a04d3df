/**
 * The apps' one door to the API: an Eden Treaty client typed from the Elysia app (`import type` only: no server
 * code reaches the browser), the bearer token of the stored session, a helper that turns a failed answer into the
 * server's French `message` (or the spec's fallback), and an XMLHttpRequest uploader for multipart bodies (fetch
 * cannot report upload progress).
 *
 *   const me = await call(api.user.me.get(), "Erreur lors du chargement du profil");
 *   await call(api.user.me.put(body), "Erreur lors de la mise à jour du profil");
 *   await upload("/api/user/profile-pic-crop", form, { onProgress: ({ sent, total }) => … });
 */
import { treaty } from "@elysiajs/eden";
import type { App } from "../../../../api/app";
import { readSession } from "../../lib/session";

/**
 * A failed call: `message` is French and meant to be shown; `status` 0 means the server was not reached; `part`, the
 * part of the request the server refused when it names one (api/plugins/errors.ts).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly part?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The message shown when the server cannot be reached at all. */
export const OFFLINE = "Le serveur est injoignable. Vérifiez votre connexion.";

function authHeader(): Record<string, string> {
  const session = readSession();
  return session ? { authorization: `Bearer ${session.token}` } : {};
}

const origin = typeof location === "undefined" ? "http://localhost" : location.origin;

/** Typed client rooted at `/api`: `api.user.articles.get()`, `api.admin.articles({ id }).approve.put()`. */
export const api = treaty<App>(origin, {
  headers: () => authHeader(),
  fetch: { credentials: "same-origin" },
}).api;

/** The part of the request a failed answer names (`part`, api/plugins/errors.ts), if it names one. */
function serverPart(value: unknown): string | undefined {
  const part = value && typeof value === "object" && "part" in value ? (value as { part: unknown }).part : undefined;
  return typeof part === "string" ? part : undefined;
}

/** The server's French message in a failed answer's body, if it has one. */
export function serverMessage(value: unknown): string | null {
  if (value && typeof value === "object" && "message" in value) {
    const m = (value as { message: unknown }).message;
    if (typeof m === "string" && m.trim()) return m;
  }
  return null;
}

/**
 * True for a request that never reached the server: fetch rejects with a TypeError (« Failed to fetch » in
 * Chrome, « NetworkError… » in Firefox, « Load failed » in Safari), which Eden hands back as the error's value
 * with status 503. Judged by the message: any TypeError would also take in a bug of the screen's own code.
 */
export function isNetworkFailure(value: unknown): boolean {
  return value instanceof Error && /fetch|network|load failed/i.test(value.message);
}

/** The text to show for any error thrown by `call` or `upload` (or anything else): its French message or `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  // The browser's own words are English: never show them (issue 19 §3.8).
  if (isNetworkFailure(error)) return OFFLINE;
  const value = (error as { value?: unknown } | null)?.value;
  if (isNetworkFailure(value)) return OFFLINE;
  return serverMessage(value) ?? fallback;
}

type EdenResult<T> =
  | { data: T; error: null; status: number }
  | { data: null; error: { status: unknown; value: unknown }; status: number };

/**
 * Awaits an Eden call and returns its data, or throws an ApiError carrying the server's French `message`, else
 * `fallback` (spec §8: "server message used if present, else the fallback").
 */
export async function call<T>(request: Promise<EdenResult<T>>, fallback: string): Promise<T> {
  let result: EdenResult<T>;
  try {
    result = await request;
  } catch {
    throw new ApiError(OFFLINE, 0);
  }
  if (result.error) {
    // Eden catches a failed fetch itself and answers { status: 503, value: TypeError("Failed to fetch") }.
    if (isNetworkFailure(result.error.value)) throw new ApiError(OFFLINE, 0);
    const status = typeof result.error.status === "number" ? result.error.status : result.status;
    throw new ApiError(serverMessage(result.error.value) ?? fallback, status, serverPart(result.error.value));
  }
  return result.data;
}

export type Progress = { sent: number; total: number };

export type UploadOptions = {
  method?: "POST" | "PUT";
  /** Called as bytes leave the browser (real upload progress, not a guess). */
  onProgress?: (progress: Progress) => void;
  /** Aborting rejects with a DOMException named "AbortError" (check with `isAbort`). */
  signal?: AbortSignal;
  /** Shown when the server gives no message (spec §8 fallbacks). */
  fallback?: string;
};

/** True for the rejection of a cancelled upload (not an error to show). */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/**
 * Sends a multipart form with XMLHttpRequest and resolves with the JSON answer. `path` is an API path such as
 * `/api/user/media`. The response type is the caller's to state (these routes read their body as a stream, so
 * Eden cannot infer it): `upload<Media>("/api/user/media", form)`.
 */
export function upload<T = unknown>(path: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  const fallback = opts.fallback ?? "Erreur lors de l'envoi du fichier.";
  return new Promise<T>((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new DOMException("Envoi annulé", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? "POST", path);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    for (const [k, v] of Object.entries(authHeader())) xhr.setRequestHeader(k, v);
    xhr.responseType = "text";
    if (opts.onProgress) {
      const report = opts.onProgress;
      xhr.upload.onprogress = (e) => report({ sent: e.loaded, total: e.lengthComputable ? e.total : 0 });
    }
    const onAbort = () => xhr.abort();
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => opts.signal?.removeEventListener("abort", onAbort);
    xhr.onload = () => {
      done();
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new ApiError(serverMessage(body) ?? fallback, xhr.status, serverPart(body)));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(OFFLINE, 0));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException("Envoi annulé", "AbortError"));
    };
    xhr.send(form);
  });
}
