#!/usr/bin/env bash
# Runs every benchmark and prints its figures (nothing here passes or fails on a timing).
# Installs what it needs from Debian's packages (wrk, nginx-light, time, chromium) and lighthouse from npm.
set -euo pipefail
cd "$(dirname "$0")/.."
BUN=./node_modules/.bin/bun
export ASTRO_TELEMETRY_DISABLED=1
echo "## $(date -u +%FT%TZ) on $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB"
echo "### build at scale";            $BUN bench/build-scale.ts "${BENCH_ARTICLES:-5000}"
echo "### change to live (demo)";     $BUN bench/change-to-live.ts 0 10
echo "### change to live (5,000)";    $BUN bench/change-to-live.ts "${BENCH_ARTICLES:-5000}" 10
echo "### static pages vs nginx";     $BUN bench/static-vs-nginx.ts 10 32
echo "### public API";                $BUN bench/api.ts "${BENCH_ARTICLES:-5000}" 10
echo "### upload of a 200 MB video";  $BUN bench/upload.ts 200 3
echo "### weight and lighthouse";     $BUN bench/lighthouse.ts 3
echo "### member and admin apps";     $BUN bench/apps-weight.ts
echo "### typing in the editor";     $BUN bench/editor-typing.ts
echo "### event registration burst";  $BUN bench/registrations.ts 1000 300 3
echo "### member and admin lists";    BENCH_BROWSER=1 $BUN bench/admin-list.ts "${BENCH_ARTICLES:-5000}" 5
