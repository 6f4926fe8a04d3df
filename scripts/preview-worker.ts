/**
 * The « Aperçu » process (issue 31 §5): renders article previews with its own warm renderer, so no site build ever
 * makes a preview wait (the build worker renders one build at a time, and a full build starts a fresh worker with
 * no renderer at all for most of a minute at 50,000 articles). api/lib/preview-renderer.ts starts it and sends it
 * one article at a time over IPC.
 *
 * At start it loads the renderer the build worker saved for the same code (BUILD_RENDERER_DIR,
 * scripts/saved-renderer.ts). Without one, it runs its own `astro build` with BUILD_MODE=preview: the partial-build
 * integration lists no page, so nothing is fetched or rendered, only the code is bundled and the prerenderer kept
 * (every module loaded before Astro deletes its bundle: scripts/prerenderer-capture.ts). Its out folder is its own
 * (PREVIEW_OUT_DIR), never a site build, so no pruning reaches it.
 *
 * Job: { id, article }. Answer: { id, html } or { id, error }.
 */
import { mkdirSync, rmSync } from "node:fs";
import type { Article } from "../api/contract";
import { buildKey } from "./partial-build";
import { astroInProcess } from "./astro-in-process";
import { exitWithServer } from "../api/lib/owned-by-server";
import type { CapturedPrerenderer } from "./prerenderer-capture";
import { renderArticlePreview } from "./preview-render";
import { loadSavedRenderer } from "./saved-renderer";
import { setPreviewAnswers } from "../site/src/lib/preview-article";

export type PreviewJob = { id: string; article: Article } | { type: "content-changed" };
export type PreviewAnswer = { id: string; html?: string; error?: string };

const root = process.cwd();

async function warmUp(): Promise<CapturedPrerenderer> {
  const key = process.env.BUILD_KEY || buildKey(root);
  // The build worker's saved renderer: no Astro build here then, and none of the ~285 MB it keeps.
  const saved = await loadSavedRenderer(key, root, "« Aperçu »");
  if (saved) return saved;
  const out = process.env.PREVIEW_OUT_DIR;
  if (!out) throw new Error("PREVIEW_OUT_DIR is not set");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const started = performance.now();
  const { prerenderer } = await astroInProcess({ root, out, key, mode: "preview" });
  if (!prerenderer?.app) throw new Error("Astro's build gave no prerenderer");
  // What Vite's bundling left behind goes now, before this process waits for previews for hours.
  Bun.gc(true);
  console.log(`preview renderer ready in ${Math.round(performance.now() - started)} ms`);
  return prerenderer;
}

const warm = warmUp();
warm.catch((e) => {
  // Nothing can be previewed without it: the server starts a new process at the next « Aperçu ».
  console.error(`preview renderer failed to start: ${e instanceof Error ? (e.stack ?? e.message) : e}`);
  process.exit(1);
});

/**
 * The API's answers, kept from one preview to the next (site/src/lib/preview-article.ts) until the server says
 * public content changed; a failed fetch is not kept.
 */
const answers = new Map<string, Promise<unknown>>();
setPreviewAnswers(answers);

// One render at a time: the previewed article and the per-build memo are this process's globals.
let chain = Promise.resolve();
process.on("message", (job: PreviewJob) => {
  if ("type" in job) {
    // Queued like a render, so a render under way keeps the answers it started with.
    chain = chain.then(() => answers.clear());
    return;
  }
  chain = chain.then(async () => {
    let answer: PreviewAnswer;
    try {
      answer = { id: job.id, html: await renderArticlePreview(await warm, root, job.article) };
    } catch (e) {
      console.error(e instanceof Error ? (e.stack ?? e.message) : e);
      answer = { id: job.id, error: e instanceof Error ? e.message : String(e) };
      // An answer that failed (the API restarting) must not stay for the next previews.
      answers.clear();
    }
    process.send!(answer);
  });
});

exitWithServer();
