/**
 * `astro build` inside this process, keeping its prerenderer for renders after it (scripts/warm-renderer.ts,
 * scripts/preview-render.ts). Shared by the build worker (scripts/build-worker.ts) and the « Aperçu » process
 * (scripts/preview-worker.ts). A process holds one Astro build's modules: it runs this once.
 */
import { build } from "astro";
import { capturePrerenderer, type CapturedPrerenderer } from "./prerenderer-capture";

/**
 * Builds `root` into `out`, the partial-build integration reading its job from the environment (BUILD_MODE
 * "preview" lists no page: only the code is bundled). Null when Astro gave no prerenderer.
 */
export async function astroBuildKeepingRenderer(job: {
  root: string;
  out: string;
  key: string;
  mode: string;
  previous?: string;
}): Promise<CapturedPrerenderer | null> {
  Object.assign(process.env, { BUILD_OUT_DIR: job.out, BUILD_KEY: job.key, BUILD_MODE: job.mode, BUILD_PREVIOUS_DIR: job.previous ?? "" });
  const captured = capturePrerenderer();
  // As scripts/build-steps.ts's astroBuildProcess: Astro's prerender chunks go inside the out dir.
  process.chdir(job.out);
  try {
    await build({ root: job.root, outDir: job.out, logLevel: process.env.ASTRO_LOG === "info" ? "info" : "warn" });
  } finally {
    process.chdir(job.root);
  }
  return captured();
}
