#!/usr/bin/env bash
# The one gate: what CI runs (.ci/run) and what a developer runs before pushing.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh

echo "test: npm ci"
start=$(date +%s)
npm ci --no-audit --no-fund
echo "test: npm ci took $(( $(date +%s) - start )) s"

log=$(mktemp)
pg_url=$(mktemp)
trap 'rm -f "$log" "$pg_url"; bash scripts/ensure-postgres.sh stop test >/dev/null 2>&1 || true' EXIT
# The PostgreSQL layer's cluster (below) starts now, beside the other layers: on a fresh machine
# that is an apt install and an initdb, which need not wait for them.
(PG_FAST=1 bash scripts/ensure-postgres.sh test >"$pg_url") &
pg_started=$!
# The e2e layer (Playwright Test) writes its counts here; an old file must not be counted.
e2e_results=.e2e-artifacts/results.json
rm -f "$e2e_results"
start=$(date +%s)
set +e
npm run validate 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
echo "test: validate took $(( $(date +%s) - start )) s"

# The PostgreSQL layer (ADR-0066): the server suites and the Pact provider verification again, on
# a local cluster this script starts (installing PostgreSQL on a fresh machine) and stops; each
# test server gets a database of its own on it. fsync is off there: the data is thrown away.
start=$(date +%s)
set +e
wait "$pg_started"
pg_start_status=$?
(
  set -e
  if [ "$pg_start_status" -ne 0 ]; then
    echo "test: PostgreSQL did not start (ensure-postgres.sh exited $pg_start_status)" >&2
    exit 1
  fi
  DATABASE_URL=$(cat "$pg_url")
  export DATABASE_URL
  trap 'bash scripts/ensure-postgres.sh stop test' EXIT
  # A test server on PostgreSQL starts with a database of its own and speaks over a socket:
  # slower per request than SQLite in process, so the timeouts are wider here. Left out: the
  # files that touch no database, and those about the SQLite file alone (they ran above).
  npx vitest run --project server --testTimeout=20000 --hookTimeout=30000 \
    --exclude 'server/test/{jwt,money,stripe-test-cards,db,two-processes.api}.test.ts'
  npx vitest run --project contracts contracts/provider/provider.verify.test.ts
) 2>&1 | tee -a "$log"
pg_status=${PIPESTATUS[0]}
set -e
echo "test: PostgreSQL layer took $(( $(date +%s) - start )) s"
if [ "$status" -eq 0 ]; then status=$pg_status; fi

# One closing line for the whole gate: every vitest run (unit, contracts, provider) from its
# "Tests  N passed | N failed" line, plus the e2e journeys from Playwright's JSON report
# (expected = passed; unexpected and flaky = failed, since retries are off).
vitest_counts=$(sed -e 's/\x1b\[[0-9;]*m//g' "$log" | awk '
  /^ *Tests +/ {
    for (i = 1; i <= NF; i++) {
      if ($(i) == "passed") passed += $(i - 1)
      if ($(i) == "failed") failed += $(i - 1)
    }
  }
  END { printf "%d %d\n", passed, failed }')
e2e_counts=$(node -e '
  const fs = require("node:fs");
  const file = process.argv[1];
  if (!fs.existsSync(file)) { console.log("0 0"); process.exit(0); }
  const { stats, errors = [] } = JSON.parse(fs.readFileSync(file, "utf8"));
  // A run that broke outside the tests (a global setup error) counts as one failure.
  const broken = errors.length > 0 && stats.unexpected === 0 ? 1 : 0;
  console.log(`${stats.expected} ${stats.unexpected + stats.flaky + broken}`);
' "$e2e_results")
# The failures by name, last, where a CI log that shows only its tail still has them: vitest's
# " FAIL  file > test" lines, and each e2e journey that did not pass with its error's first line.
failures=$(sed -e 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^ *FAIL ' | sort -u | head -40 || true)
e2e_failures=$(node -e '
  const fs = require("node:fs");
  const file = process.argv[1];
  if (!fs.existsSync(file)) process.exit(0);
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  const firstLine = (text = "") => text.replace(/\x1b\[[0-9;]*m/g, "").split("\n").find((l) => l.trim()) ?? "";
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === "expected" || test.status === "skipped") continue;
        const error = test.results.map((r) => r.error?.message).find(Boolean);
        console.log(`  e2e ${test.status}: ${[...titles, spec.title].join(" › ")} (${spec.file}:${spec.line}): ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? []) console.log(`  e2e run error: ${firstLine(error.message)}`);
' "$e2e_results")
if [ -n "$failures$e2e_failures" ]; then
  echo "test: what failed"
  [ -n "$failures" ] && echo "$failures"
  [ -n "$e2e_failures" ] && echo "$e2e_failures"
fi
read -r vitest_passed vitest_failed <<<"$vitest_counts"
read -r e2e_passed e2e_failed <<<"$e2e_counts"
echo "test: e2e ${e2e_passed} passed, ${e2e_failed} failed (Playwright); other layers ${vitest_passed} passed, ${vitest_failed} failed (vitest)"
echo "$((vitest_passed + e2e_passed)) passed, $((vitest_failed + e2e_failed)) failed"
exit "$status"
