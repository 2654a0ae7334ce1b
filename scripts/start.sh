#!/usr/bin/env bash
# Builds the SPA and starts the reference API, which serves it and /api/v1 on one origin.
# Env: PORT (8080), HOST (127.0.0.1), DB_FILE (server/data/shop.sqlite).
set -euo pipefail
cd "$(dirname "$0")/.."

# Install only when needed: no node_modules yet, or the lockfile changed since the last install.
if [ ! -d node_modules ] || [ ! -f node_modules/.package-lock.json ] \
  || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "start: installing dependencies (npm ci)"
  npm ci
fi

npm run build
exec node_modules/.bin/tsx server/src/main.ts
