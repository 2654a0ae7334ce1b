#!/usr/bin/env bash
# A local PostgreSQL cluster in a folder of the project's (ADR-0066), started if it is not running.
#
#   bash scripts/ensure-postgres.sh [NAME]          start (or reuse) .data/pg/NAME; prints its URL
#   bash scripts/ensure-postgres.sh stop [NAME]     stops it (the data stays)
#
# NAME defaults to "dev". The URL (postgres://postgres@127.0.0.1:PORT/postgres) is the one line on
# stdout, so `export DATABASE_URL=$(bash scripts/ensure-postgres.sh)` works; the rest goes to stderr.
# PostgreSQL comes from Debian's packages (apt-get install postgresql) when pg_ctl is missing.
# initdb and pg_ctl refuse root, so under root they run as the unprivileged user "postgres".
# Authentication: trust, on the unix socket in the cluster's folder and on loopback only (the
# server listens on 127.0.0.1 alone). fsync stays on (a committed order survives a power cut),
# except with PG_FAST=1, which the test cluster uses: its data is thrown away after the run.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=start
if [ "${1:-}" = stop ] || [ "${1:-}" = start ]; then
  mode=$1
  shift
fi
name=${1:-dev}
case "$name" in *[!A-Za-z0-9_-]* | '') echo "ensure-postgres: bad cluster name '$name'" >&2 && exit 2 ;; esac

log() { echo "ensure-postgres: $*" >&2; }

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

if [ -z "$(pg_bin)" ] && ! command -v pg_ctl >/dev/null; then
  log "PostgreSQL is not installed: apt-get install -y postgresql"
  # Debian's package would start its own cluster on 5432; ours is separate, so don't start services.
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  else
    sudo apt-get update -qq >&2
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  fi
fi
bin=$(pg_bin)
bin=${bin:-$(dirname "$(command -v pg_ctl)")}

dir=$(pwd)/.data/pg/$name
data=$dir/data

# As root, the cluster belongs to "postgres" (the Debian package creates it).
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  as_owner() { (cd / && runuser -u postgres -- "$@"); }
  mkdir -p "$(dirname "$dir")"
  if ! as_owner test -x "$(dirname "$dir")"; then
    # The project sits where that user cannot go (under /root): a folder of the project's in /tmp.
    dir=/tmp/lumen-pg-$(pwd | cksum | cut -d ' ' -f 1)/$name
    data=$dir/data
    mkdir -p "$(dirname "$dir")"
    log "the postgres user cannot reach $(pwd): the cluster lives in $dir"
  fi
else
  as_owner() { "$@"; }
fi

running() { [ -f "$data/postmaster.pid" ] && as_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; }

if [ "$mode" = stop ]; then
  if running; then
    as_owner "$bin/pg_ctl" -D "$data" -m fast -w stop >&2
  else
    log "$name is not running"
  fi
  exit 0
fi

if ! running; then
  if [ ! -f "$data/PG_VERSION" ]; then
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres: "$dir"
    log "initdb $data"
    as_owner "$bin/initdb" -D "$data" -U postgres --auth-local=trust --auth-host=trust \
      --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  fi
  # A free port, chosen by the kernel, for this start.
  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  options="-c port=$port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$dir"
  if [ "${PG_FAST:-}" = 1 ]; then
    options="$options -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  fi
  # Each test file gets its own database (server/test/pg-databases.ts): room for parallel files.
  options="$options -c max_connections=200"
  log "starting $name on port $port"
  as_owner "$bin/pg_ctl" -D "$data" -l "$dir/server.log" -o "$options" -w -t 60 start >/dev/null
fi

port=$(sed -n 4p "$data/postmaster.pid")
echo "postgres://postgres@127.0.0.1:$port/postgres"
