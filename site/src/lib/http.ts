/**
 * The browser's door to the API: JSON in and out, the bearer token when signed in, and errors carrying the
 * server's French `message` (or a fallback given by the caller).
 */
import { readSession } from "./session";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function apiFetch<T>(
  path: string,
  opts: { method?: string; body?: unknown; fallback?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const session = readSession();
  if (session) headers.authorization = `Bearer ${session.token}`;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? "GET",
      headers,
      credentials: "same-origin",
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  } catch {
    throw new ApiError(opts.fallback ?? "Le serveur est injoignable. Vérifiez votre connexion.", 0);
  }
  const data = (await res.json().catch(() => null)) as { message?: string } | null;
  if (!res.ok) throw new ApiError(data?.message || opts.fallback || `HTTP Error ${res.status}`, res.status);
  return data as T;
}
