#!/bin/sh
# Regenerates contract/schema.d.ts from openapi.yaml (into a temporary file, so the checks that
# run beside this one in `npm run validate` never read a half-written file) and fails when the
# committed file differs, so the contract and the client types can never drift apart silently.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
npx openapi-typescript contract/openapi.yaml --default-non-nullable false -o "$tmp/schema.d.ts" >/dev/null 2>&1
npx prettier --stdin-filepath contract/schema.d.ts <"$tmp/schema.d.ts" >"$tmp/formatted.d.ts"
if ! diff -u contract/schema.d.ts "$tmp/formatted.d.ts" >&2 || ! git diff --exit-code -- contract/schema.d.ts; then
  echo >&2 ''
  echo >&2 'gen:check: contract/schema.d.ts is out of date with contract/openapi.yaml.'
  echo >&2 'Run `npm run gen:api` and commit the result.'
  exit 1
fi
# A generated file that was never added to git would pass `git diff`; catch that too.
if [ -n "$(git ls-files --others --exclude-standard -- contract/schema.d.ts)" ]; then
  echo >&2 'gen:check: contract/schema.d.ts is generated but not tracked by git. Add and commit it.'
  exit 1
fi
echo 'gen:check: contract/schema.d.ts matches contract/openapi.yaml.'
