#!/usr/bin/env bash
# Builds Tempo (the `release` preset) and runs `tempo` with the given arguments:
#   bash scripts/run.sh                        the protocol loop
#   bash scripts/run.sh perft --depth 10       a tool
# Build output goes to stderr, so stdout is tempo's own.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/install-deps.sh
cmake --preset release --log-level=WARNING >&2
cmake --build --preset release >&2
exec build/release/tools/tempo "$@"
