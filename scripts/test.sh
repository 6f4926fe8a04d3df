#!/usr/bin/env bash
# Runs every test: unit/API tests (vitest, in-process against temporary libSQL files), then browser journeys
# (Playwright in Debian's Chromium against the real server on a temporary database).
set -euo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1
BUN=./node_modules/.bin/bun

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the browser tests..."
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

# The HTML validity journey runs the Nu HTML Checker (vnu-jar), a Java program (Java 11 or later).
if ! java -version >/dev/null 2>&1; then
  echo "Installing Debian's Java runtime for the HTML checker..."
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq default-jre-headless >/dev/null
fi

# Shared state across API processes is tested against a real Redis (api/testing/redis-server.ts starts one per test file).
if [ ! -x /usr/bin/redis-server ]; then
  echo "Installing Debian's redis-server for the shared-state tests..."
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server >/dev/null
fi

# Uploads and the published site on a bucket are tested against a real S3 server: Ceph's RADOS Gateway on one host
# (api/testing/s3-server.ts starts one per test file that needs it, ~20 s).
if ! command -v radosgw >/dev/null || ! command -v ceph-osd >/dev/null || ! command -v s3cmd >/dev/null; then
  echo "Installing Debian's Ceph gateway, monitor and OSD (and s3cmd) for the object storage tests..."
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends radosgw ceph-mon ceph-osd s3cmd >/dev/null
fi

echo "== type check (tsc, strict)"
./node_modules/.bin/tsc --noEmit -p .

echo "== unit and API tests (vitest)"
$BUN --bun ./node_modules/.bin/vitest run

echo "== browser journeys (playwright)"
$BUN --bun ./node_modules/.bin/playwright test
