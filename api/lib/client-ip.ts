/**
 * The address of the client behind a request. The listening file (api/server.ts) hands requests to Elysia with
 * `app.handle()`, where Elysia knows no server, so it stamps the address it saw on this header first, always
 * replacing whatever a client sent under that name. Tests set it to play different addresses.
 */
export const CLIENT_IP_HEADER = "x-client-ip";

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) || "unknown";
}

/** A copy of `request` carrying the address the socket reported (the client's own header is overwritten). */
export function withClientIp(request: Request, address: string | undefined): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, address ?? "unknown");
  return new Request(request, { headers });
}
