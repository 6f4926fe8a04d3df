// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import { fileURLToPath } from "node:url";
import { writeCspHashes } from "./scripts/csp-hashes.ts";
import { partialBuild } from "./scripts/partial-build.ts";

/**
 * `client:interaction`: hydrate an island on the first interaction with it (site/src/directives/interaction.ts).
 * @type {import("astro").AstroIntegration}
 */
const interactionDirective = {
  name: "client-interaction",
  hooks: {
    "astro:config:setup": ({ addClientDirective }) => {
      addClientDirective({
        name: "interaction",
        entrypoint: fileURLToPath(new URL("./site/src/directives/interaction.ts", import.meta.url)),
      });
    },
  },
};

/**
 * Lists the hashes of the inline scripts the pages run, for the CSP header (no 'unsafe-inline';
 * scripts/csp-hashes.ts, api/lib/security-headers.ts).
 * @type {import("astro").AstroIntegration}
 */
const cspScriptHashes = {
  name: "csp-script-hashes",
  hooks: {
    "astro:build:done": async ({ dir }) => {
      const { scriptHashes, gathered } = await writeCspHashes(fileURLToPath(dir));
      console.log(`inline script hashes: ${scriptHashes.length}, ${gathered ? "taken from the pages as they rendered" : "read from the pages written"}`);
    },
  },
};

// The server builds the site into a fresh folder each time (BUILD_OUT_DIR) and swaps a symlink over the live one,
// so a build never writes into the folder being served.
export default defineConfig({
  srcDir: "./site/src",
  publicDir: "./site/public",
  outDir: process.env.BUILD_OUT_DIR ?? "./dist",
  cacheDir: "./node_modules/.astro-cache",
  output: "static",
  site: process.env.PUBLIC_URL ?? "http://localhost:4321",
  trailingSlash: "never",
  build: { format: "file", concurrency: 4 },
  // partialBuild: a rebuild after a write renders only the pages whose data changed (scripts/partial-build.ts).
  integrations: [react(), interactionDirective, cspScriptHashes, partialBuild()],
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    build: { assetsInlineLimit: 2048 },
  },
});
