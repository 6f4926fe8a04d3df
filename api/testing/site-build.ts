/**
 * One real static build (scripts/build-site.ts, Astro + search index + compression) into `outDir`, reading the
 * API at `apiOrigin` as the server's builder does. For tests that need the built site itself.
 */
export type SiteBuildRun = { code: number; log: string };

export async function runSiteBuild(apiOrigin: string, outDir: string, extraEnv: Record<string, string> = {}): Promise<SiteBuildRun> {
  const proc = Bun.spawn([process.execPath, "scripts/build-site.ts"], {
    env: {
      ...process.env,
      ...extraEnv,
      BUILD_OUT_DIR: outDir,
      API_ORIGIN: apiOrigin,
      PUBLIC_URL: "http://localhost:4321",
      ASTRO_TELEMETRY_DISABLED: "1",
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, log: stdout + stderr };
}
