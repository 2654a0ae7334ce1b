#!/usr/bin/env bash
# The one gate: what CI runs (.ci/run) and what a developer runs before pushing.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh

echo "test: npm ci"
start=$(date +%s)
npm ci
echo "test: npm ci took $(( $(date +%s) - start )) s"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
start=$(date +%s)
set +e
npm run validate 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
echo "test: validate took $(( $(date +%s) - start )) s"

# One closing line for every vitest run of the gate (unit, contracts, provider, e2e), summed.
sed -e 's/\x1b\[[0-9;]*m//g' "$log" | awk '
  /^ *Tests +/ {
    for (i = 1; i <= NF; i++) {
      if ($(i) == "passed") passed += $(i - 1)
      if ($(i) == "failed") failed += $(i - 1)
    }
  }
  END { printf "%d passed, %d failed\n", passed, failed }'
exit "$status"
