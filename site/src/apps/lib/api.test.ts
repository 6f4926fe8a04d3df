import { describe, expect, it } from "vitest";
import { ApiError, call, errorText, OFFLINE } from "./api";

const ok = <T,>(data: T) => Promise.resolve({ data, error: null, status: 200 } as const);
const failed = (status: number, value: unknown) => Promise.resolve({ data: null, error: { status, value }, status } as const);

describe("call", () => {
  it("returns the data of a successful answer", async () => {
    await expect(call(ok({ n: 1 }), "x")).resolves.toEqual({ n: 1 });
  });

  it("throws the server's French message with the status", async () => {
    const error = await call(failed(403, { message: "Accès refusé." }), "Erreur lors de la suppression.").catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: "Accès refusé.", status: 403 });
  });

  it("falls back to the given text when the server sent no message (spec §8)", async () => {
    await expect(call(failed(500, "Internal Server Error"), "Erreur lors de la création.")).rejects.toMatchObject({
      message: "Erreur lors de la création.",
      status: 500,
    });
  });

  it("says the server is unreachable when the request itself fails", async () => {
    await expect(call(Promise.reject(new TypeError("Failed to fetch")), "x")).rejects.toMatchObject({ message: OFFLINE, status: 0 });
  });
});

describe("errorText", () => {
  it("uses an ApiError's message, else the fallback", () => {
    expect(errorText(new ApiError("Titre trop long", 400), "Erreur")).toBe("Titre trop long");
    expect(errorText(new Error("boom"), "Erreur lors de la sauvegarde")).toBe("Erreur lors de la sauvegarde");
  });
});

describe("network failures (issue 19 §3.8)", () => {
  it("turns Eden's caught « Failed to fetch » into the French offline message", async () => {
    // What Eden returns when fetch itself rejects: the TypeError is the error's value, with status 503.
    await expect(call(failed(503, new TypeError("Failed to fetch")), "Erreur lors de la sauvegarde")).rejects.toMatchObject({
      message: OFFLINE,
      status: 0,
    });
  });

  it("never returns the browser's English words for a network error", () => {
    expect(errorText(new TypeError("Failed to fetch"), "Erreur")).toBe(OFFLINE);
    expect(errorText({ status: 503, value: new TypeError("NetworkError when attempting to fetch resource.") }, "Erreur")).toBe(OFFLINE);
  });

  it("keeps the fallback for a TypeError that is not a network failure (a bug, not the network)", () => {
    expect(errorText(new TypeError("Cannot read properties of undefined (reading 'x')"), "Erreur lors de la sauvegarde")).toBe("Erreur lors de la sauvegarde");
  });
});
