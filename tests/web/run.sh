#!/usr/bin/env bash
# The browser test of `tempo serve` (ctest "serve: browser"): Playwright (npm playwright-core)
# driving Debian's Chromium headless, no browser download.
#   bash tests/web/run.sh TEMPO_BINARY [--screenshot FILE]
# Installs what is missing first: chromium, nodejs and npm from Debian when run as root, then
# `npm ci` here (package-lock.json) when node_modules is missing or older than the lock file.
# Exits 77 (ctest: skipped) with a note when Chromium or Node cannot be had on this machine.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tempo=${1:?usage: run.sh TEMPO_BINARY [--screenshot FILE]}
shift

skip() {
    echo "serve browser test SKIPPED: $*" >&2
    exit 77
}

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
if ((${#missing[@]} > 0)); then
    if [[ $(id -u) -ne 0 ]]; then
        skip "missing ${missing[*]} (install with: sudo apt-get install -y ${missing[*]})"
    fi
    echo "serve browser test: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } </dev/null >&2 ||
        skip "could not install ${missing[*]} with apt-get"
fi
command -v chromium >/dev/null 2>&1 || skip "no chromium on PATH after installing it"

cd "$here"
if [[ ! -d node_modules/playwright-core || package-lock.json -nt node_modules/.package-lock.json ]]; then
    # npm's own copy of the browsers is never fetched: playwright-core has none.
    npm ci --no-audit --no-fund --loglevel=error >&2 || skip "npm ci failed (is the npm registry reachable?)"
fi
exec node play.test.mjs "$tempo" "$@"
