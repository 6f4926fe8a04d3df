/**
 * libvips (sharp) loaded on first use: only the processes that handle uploads and pictures pay its ~26 MB of
 * resident memory; the workers answering reads (api/lib/worker-api.ts) load the whole app but never a picture.
 */
import type SharpDefault from "sharp";

let loading: Promise<typeof SharpDefault> | null = null;

export function loadSharp(): Promise<typeof SharpDefault> {
  loading ??= import("sharp").then((m) => m.default);
  return loading;
}
