#!/bin/sh
# Regenerates src/api/schema.d.ts from openapi.yaml and fails when the committed file differs,
# so the contract and the client types can never drift apart silently.
set -eu
npm run --silent gen:api >/dev/null
if ! git diff --exit-code -- src/api/schema.d.ts; then
  echo >&2 ''
  echo >&2 'gen:check: src/api/schema.d.ts is out of date with openapi.yaml.'
  echo >&2 'Run `npm run gen:api` and commit the result.'
  exit 1
fi
# A generated file that was never added to git would pass `git diff`; catch that too.
if [ -n "$(git ls-files --others --exclude-standard -- src/api/schema.d.ts)" ]; then
  echo >&2 'gen:check: src/api/schema.d.ts is generated but not tracked by git. Add and commit it.'
  exit 1
fi
echo 'gen:check: src/api/schema.d.ts matches openapi.yaml.'
