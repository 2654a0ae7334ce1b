#!/usr/bin/env bash
# The one gate: what CI runs (.ci/run) and what a developer runs before pushing.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh

echo "test: npm ci"
start=$(date +%s)
npm ci
echo "test: npm ci took $(( $(date +%s) - start )) s"

npm run validate
