import type { Env } from "../../env";

const MB = 1024 * 1024;

/**
 * The largest media file accepted (issue 9: `UPLOAD_MAX_MB`, default 200). Read from the environment settings
 * when they carry it, else the default.
 */
export function mediaMaxBytes(env: Env): number {
  const mb = (env as Env & { uploadMaxMb?: number }).uploadMaxMb;
  return (typeof mb === "number" && mb > 0 ? mb : 200) * MB;
}
