#!/usr/bin/env bash
# The shop as two stateless API instances on one PostgreSQL, behind one entry port (issue 29,
# docs/cluster.md). scripts/start.sh stays the embedded default: SQLite, one process.
#
#   bash scripts/start-cluster.sh                      # a local PostgreSQL in .data/pg/cluster
#   DATABASE_URL=postgres://… bash scripts/start-cluster.sh   # a managed PostgreSQL instead
#
# stdout gets four lines: Database, Instance 1, Instance 2, Storefront ready (the entry port).
# Everything else goes to stderr, and each process's own output to .data/cluster/*.log.
# Ctrl-C or SIGTERM stops what this script started: the proxy, both instances, the demo
# identity provider and the PostgreSQL it started (one that was already running stays up).
# Env: PORT (entry port, default 8080; 0 picks a free one), INSTANCE_PORTS ("8101 8102"; default
# free ports), LOCAL_OIDC_PORT (8081), CLUSTER_NAME (default cluster: .data/pg/NAME and
# .data/NAME), CLUSTER_SKIP_BUILD=1 (serve dist/ as it is), CLUSTER_INSTANCE_ENTRY (default
# server/src/main.ts; scripts/cluster-check.ts swaps in scripts/cluster-pact-instance.ts), and the
# server's own (docs/server.md). JWT_SECRET unset: the instances share the one kept in the
# database (ADR-0066).
set -euo pipefail
cd "$(dirname "$0")/.."

log() { echo "start-cluster: $*" >&2; }

# Install only when there is no node_modules at all. A stale one is reported, never replaced:
# npm ci empties node_modules first, and a worktree's node_modules may be a link to one that
# other checkouts share (a link is never installed into).
if [ ! -e node_modules ]; then
  log "installing dependencies (npm ci)"
  npm ci >&2
elif [ ! -L node_modules ] && { [ ! -f node_modules/.package-lock.json ] \
  || [ package-lock.json -nt node_modules/.package-lock.json ]; }; then
  log "package-lock.json is newer than node_modules: run npm ci if the dependencies changed"
fi

# Build only when dist/ is missing or older than what vite reads (tests/e2e/support/build.ts).
if [ "${CLUSTER_SKIP_BUILD:-}" != 1 ]; then
  if [ ! -f dist/index.html ] || [ ! -f dist-ssr/entry-server.js ] \
    || [ -n "$(find index.html src machines public vite.config.ts panda.config.ts \
      postcss.config.cjs package-lock.json -newer dist/index.html -print -quit 2>/dev/null)" ]; then
    log "building the storefront (npm run build)"
    npm run build >&2
  fi
fi

name=${CLUSTER_NAME:-cluster}
case "$name" in *[!A-Za-z0-9_-]* | '') log "bad CLUSTER_NAME '$name'" && exit 2 ;; esac
state=.data/$name
mkdir -p "$state"
free_port() {
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

pids=()
pg_started=""
stopping=""
cleanup() {
  [ -n "$stopping" ] && return
  stopping=1
  # Last started, first stopped: the entry port closes before the instances behind it.
  local i
  for ((i = ${#pids[@]} - 1; i >= 0; i -= 1)); do
    kill -TERM "${pids[$i]}" 2>/dev/null || true
    wait "${pids[$i]}" 2>/dev/null || true
  done
  if [ -n "$pg_started" ]; then
    log "stopping the PostgreSQL it started"
    bash scripts/ensure-postgres.sh stop "$name" >&2 || true
  fi
  log "stopped"
}
trap 'cleanup; exit 130' INT
trap 'cleanup; exit 143' TERM
trap cleanup EXIT

# start PROC COMMAND…: in the background, its output in .data/NAME/PROC.log.
start() {
  local proc=$1
  shift
  "$@" >"$state/$proc.log" 2>&1 &
  pids+=("$!")
}

# wait_for PROC REGEX: the first match of REGEX (-o) in PROC's log, once it appears (120 s at most).
wait_for() {
  local proc=$1 pattern=$2 pid=${pids[-1]} found
  for _ in $(seq 1 1200); do
    found=$(grep -oE "$pattern" "$state/$proc.log" | head -n 1 || true)
    if [ -n "$found" ]; then
      echo "$found"
      return 0
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
      log "$proc stopped at start; its log ($state/$proc.log):"
      tail -n 30 "$state/$proc.log" >&2
      return 1
    fi
    sleep 0.1
  done
  log "$proc did not start within 120 s; see $state/$proc.log"
  return 1
}

# The database: the one given, or a local cluster in .data/pg/NAME.
if [ -z "${DATABASE_URL:-}" ]; then
  pidfile=.data/pg/$name/data/postmaster.pid
  if ! { [ -f "$pidfile" ] && kill -0 "$(head -n 1 "$pidfile")" 2>/dev/null; }; then
    pg_started=1
  fi
  DATABASE_URL=$(bash scripts/ensure-postgres.sh "$name")
  [ -z "$pg_started" ] && log "PostgreSQL in .data/pg/$name was running already: it stays up"
fi
case "$DATABASE_URL" in
  postgres://* | postgresql://*) ;;
  *) log "DATABASE_URL must be a postgres:// URL (SQLite is scripts/start.sh)" && exit 2 ;;
esac
export DATABASE_URL
# A password in the URL is not printed.
echo "Database: $(echo "$DATABASE_URL" | sed -E 's#^(postgres(ql)?://[^:/@]+):[^@/]*@#\1:***@#')"

entry_port=${PORT:-8080}
[ "$entry_port" = 0 ] && entry_port=$(free_port)
entry="http://127.0.0.1:$entry_port"
read -r -a instance_ports <<<"${INSTANCE_PORTS:-0 0}"

export NODE_ENV="${NODE_ENV:-production}"
# The entry port is the shop's address: canonical links, and where sign-ins come back to.
export PUBLIC_ORIGIN="${PUBLIC_ORIGIN:-$entry}"
export IDP_CALLBACK_URLS="${IDP_CALLBACK_URLS:+$IDP_CALLBACK_URLS,}$entry/auth/callback,http://localhost:$entry_port/auth/callback"
# The proxy is trusted for X-Forwarded-For, so the throttles count the real client; proxies in
# front of the entry port (TRUSTED_PROXIES as given) are trusted by the proxy in turn.
outer_proxies=${TRUSTED_PROXIES:-}
export TRUSTED_PROXIES="127.0.0.1${TRUSTED_PROXIES:+,$TRUSTED_PROXIES}"

# One demo identity provider for both instances (scripts/cluster-idp.ts), as start.sh runs one.
if [ -z "${OIDC_ISSUER:-}" ] && [ "${DEMO_IDENTITY_PROVIDER:-1}" != 0 ] \
  && [ -n "${LOCAL_OIDC_PORT-8081}" ]; then
  log "the demo identity provider is on (DEMO_IDENTITY_PROVIDER=1): anyone can sign in to this shop without a password. DEMO_IDENTITY_PROVIDER=0 turns it off."
  OIDC_CLIENT_SECRET=$(node -e 'console.log(require("crypto").randomBytes(32).toString("base64url"))')
  export OIDC_CLIENT_SECRET
  start idp node --import tsx scripts/cluster-idp.ts --port "${LOCAL_OIDC_PORT-8081}" \
    --redirect-uri "$entry/api/v1/auth/oidc/callback"
  OIDC_ISSUER=$(wait_for idp 'http://[^ ]+$' | tail -n 1)
  export OIDC_ISSUER OIDC_CLIENT_ID=lumen-storefront OIDC_PROVIDER_NAME="Lumen ID"
fi
if [ -n "${OIDC_ISSUER:-}" ]; then
  # Register this redirect URI at the provider: the callback comes through the entry port.
  export OIDC_REDIRECT_URI="${OIDC_REDIRECT_URI:-$entry/api/v1/auth/oidc/callback}"
fi
# The instances run no provider of their own.
export LOCAL_OIDC_PORT=''

# Instance 1 first: it migrates and seeds; instance 2 starts on a database that is ready.
urls=()
for n in 1 2; do
  PORT=${instance_ports[$((n - 1))]:-0} HOST=127.0.0.1 \
    start "instance-$n" node --import tsx "${CLUSTER_INSTANCE_ENTRY:-server/src/main.ts}"
  url=$(wait_for "instance-$n" 'ready at http://[^ /]+' | sed 's/^ready at //')
  urls+=("$url")
  echo "Instance $n at $url/"
done

start proxy node --import tsx scripts/cluster-proxy.ts --port "$entry_port" \
  --host "${HOST:-127.0.0.1}" --target "${urls[0]}" --target "${urls[1]}" --forwarded-for \
  $(IFS=,; for p in $outer_proxies; do printf -- '--trusted %s ' "$p"; done)
wait_for proxy 'cluster-proxy: http://[^ ]+' >/dev/null
echo "Storefront ready at $entry/"

# Runs until a signal, or until one of its processes stops on its own (then all stop).
set +e
wait -n "${pids[@]}"
code=$?
log "a process of the cluster stopped (exit $code); stopping the others"
exit 1
