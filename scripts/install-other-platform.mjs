#!/usr/bin/env node
/**
 * `node scripts/install-other-platform.mjs` installs the project on a machine that is not Linux x64 (macOS,
 * ARM Linux, Windows), where `npm ci` alone leaves Astro without its compiler.
 *
 * Why: the npm registry reachable from the machines this project is built on lacks the non-Linux builds of
 * `@astrojs/compiler-binding-*` and `@pagefind/*` at the locked versions, so package.json `overrides` replace
 * them with an empty stub (scripts/npm-stub) and the lockfile records stubs (docs/DECISIONS.md). This script
 * turns those stub entries back into ordinary optional platform packages at the versions their parents lock,
 * drops the overrides, then runs `npm ci` (extra arguments are passed on). npm installs the one binary for
 * this machine from the public registry and skips the others. package.json and package-lock.json are left
 * changed: `git checkout package.json package-lock.json` undoes it.
 *
 * Plain Node (no Bun yet, no dependencies): it runs before anything is installed.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const read = (file) => JSON.parse(readFileSync(join(root, file), "utf8"));
const write = (file, value) => writeFileSync(join(root, file), JSON.stringify(value, null, 2) + "\n");

/** os / cpu / libc of a platform package, from its name (the fields npm reads to skip it elsewhere). */
function platformOf(name) {
  const tail = name.split("/").pop();
  const os = /darwin/.test(tail) ? "darwin" : /win32|windows/.test(tail) ? "win32" : /android/.test(tail) ? "android" : /freebsd/.test(tail) ? "freebsd" : /linux/.test(tail) ? "linux" : null;
  const cpu = /arm64/.test(tail) ? "arm64" : /x64/.test(tail) ? "x64" : /wasm32/.test(tail) ? "wasm32" : null;
  const libc = /musl/.test(tail) ? "musl" : /gnu/.test(tail) ? "glibc" : null;
  return { ...(cpu && { cpu: [cpu] }), ...(libc && { libc: [libc] }), ...(os && { os: [os] }) };
}

const pkg = read("package.json");
const lock = read("package-lock.json");
const stubbed = Object.entries(pkg.overrides ?? {})
  .filter(([, spec]) => String(spec).includes("npm-stub"))
  .map(([name]) => name);

if (stubbed.length > 0) {
  for (const name of stubbed) {
    // The version the parent package locks for it (e.g. @astrojs/compiler-binding 0.5.1 -> its bindings 0.5.1).
    const parent = Object.values(lock.packages).find((p) => p.optionalDependencies?.[name]);
    if (!parent) throw new Error(`no package in the lockfile depends on ${name}`);
    // No integrity: npm takes it from the registry's metadata when it downloads the one this machine needs.
    lock.packages[`node_modules/${name}`] = { version: parent.optionalDependencies[name], ...platformOf(name), license: "MIT", optional: true };
  }
  for (const key of Object.keys(lock.packages)) if (key.endsWith("/scripts/npm-stub")) delete lock.packages[key];
  lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b, "en"))));
  delete pkg.overrides;
  write("package.json", pkg);
  write("package-lock.json", lock);
  console.log(`Platform packages restored in package.json and package-lock.json: ${stubbed.join(", ")}`);
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const result = spawnSync(npm, ["ci", ...process.argv.slice(2)], { cwd: root, stdio: "inherit", shell: process.platform === "win32" });
process.exit(result.status ?? 1);
