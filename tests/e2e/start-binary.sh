#!/usr/bin/env bash
# Starts the built executable the way an operator would: copied alone into an empty folder, data beside it.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# E2E_DIR: the folder a test's fixture made (and removes); by hand, a fresh one.
dir=${E2E_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/tracewell-e2e-XXXXXX")}
cp "$root/dist/tracewell" "$dir/"
cd "$dir"
# TRUST_PROXY: a browser test can stand for several visitors by sending X-Forwarded-For (the intake accepts
# five requests an hour from one address); requests without the header count as 127.0.0.1 as before.
export TRUST_PROXY=1
export HOST=127.0.0.1 PORT="${E2E_PORT:-4317}" DATA_DIR="$dir/data" PUBLIC_URL="http://127.0.0.1:${E2E_PORT:-4317}" DEMO=1 LOG_LEVEL=warn
exec ./tracewell
