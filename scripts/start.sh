#!/usr/bin/env bash
# Builds the SPA and starts the reference API, which serves it and /api/v1 on one origin.
# Env: see docs/server.md (environment). NODE_ENV defaults to production here (the SPA is served
# by this origin, so the Vite dev origins are not allowed); `npm start` alone runs in development.
set -euo pipefail
cd "$(dirname "$0")/.."

# Install only when needed: no node_modules yet, or the lockfile changed since the last install.
if [ ! -d node_modules ] || [ ! -f node_modules/.package-lock.json ] \
  || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "start: installing dependencies (npm ci)"
  npm ci
fi

npm run build
# The local demo OpenID provider (server/src/local-oidc/) starts beside the API on its own port,
# unless a real provider is configured (OIDC_ISSUER) or LOCAL_OIDC_PORT is set empty.
if [ -z "${OIDC_ISSUER:-}" ]; then
  export LOCAL_OIDC_PORT="${LOCAL_OIDC_PORT-8081}"
fi
NODE_ENV="${NODE_ENV:-production}" exec node_modules/.bin/tsx server/src/main.ts
