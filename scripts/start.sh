#!/usr/bin/env bash
# Builds the SPA and starts the reference API, which serves it and /api/v1 on one origin.
# Env: see docs/server.md (environment). NODE_ENV defaults to production here (the SPA is served
# by this origin, so the Vite dev origins are not allowed); `npm start` alone runs in development.
set -euo pipefail
cd "$(dirname "$0")/.."

# Install only when needed: no node_modules yet, or the lockfile changed since the last install.
# A node_modules that is a link (another checkout's, shared by a git worktree) is never reinstalled
# from here: npm ci would empty the folder the other checkout runs from.
if [ -L node_modules ]; then
  if [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "start: node_modules is a link to another checkout's and may be out of date; not reinstalling it" >&2
  fi
elif [ ! -d node_modules ] || [ ! -f node_modules/.package-lock.json ] \
  || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "start: installing dependencies (npm ci)"
  npm ci
fi

npm run build
# The local demo OpenID provider (server/src/local-oidc/) starts beside the API on its own port,
# unless a real provider is configured (OIDC_ISSUER), LOCAL_OIDC_PORT is set empty or
# DEMO_IDENTITY_PROVIDER=0. It lets anyone sign in without a password, so the server runs it in
# production only when asked (DEMO_IDENTITY_PROVIDER=1): this script is the demo, and asks.
if [ -z "${OIDC_ISSUER:-}" ]; then
  export LOCAL_OIDC_PORT="${LOCAL_OIDC_PORT-8081}"
  export DEMO_IDENTITY_PROVIDER="${DEMO_IDENTITY_PROVIDER-1}"
  if [ -n "$LOCAL_OIDC_PORT" ] && [ "$DEMO_IDENTITY_PROVIDER" = "1" ]; then
    echo "start: the demo identity provider is on (DEMO_IDENTITY_PROVIDER=1): anyone can sign in to this shop without a password. DEMO_IDENTITY_PROVIDER=0 turns it off."
  fi
fi
NODE_ENV="${NODE_ENV:-production}" exec node_modules/.bin/tsx server/src/main.ts
