#!/bin/sh
# Zero import circles outside generated code (issue 26): madge walks every root of the project,
# type-only imports included (a type import still ties two modules' meaning together), and fails
# on any circle. Generated code (styled-system/, contract/schema.d.ts) and build output are left
# out. Run as `npm run circles` (npm puts the pinned devDependency's madge on the PATH).
set -eu
if ! command -v madge >/dev/null 2>&1; then
  echo >&2 'circles: madge is not installed (npm ci installs the pinned devDependency).'
  exit 1
fi
madge --circular --no-spinner --extensions ts,tsx --ts-config tsconfig.json \
  --exclude '(^|/)(styled-system|dist|dist-ssr|node_modules|coverage|public)/|schema\.d\.ts$' \
  src server machines contracts tests contract scripts
