// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";

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
  integrations: [react()],
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    build: { assetsInlineLimit: 2048 },
  },
});
