#!/usr/bin/env bash
# Makes sure Debian's chromium is installed (no browser download from the Playwright CDN):
# - chromium-headless-shell, which the e2e tests drive through Playwright (playwright.config.ts,
#   ADR-0069);
# - chromium, the full browser, for the benchmarks (bench:lighthouse, bench:interactive) and
#   scripts/screenshots.ts.
# Both come from the same Debian source at the same version.
set -euo pipefail

missing=()
for package in chromium chromium-headless-shell; do
  if command -v "$package" >/dev/null 2>&1; then
    echo "ensure-chromium: found $(command -v "$package")"
  else
    missing+=("$package")
  fi
done
if [ "${#missing[@]}" -eq 0 ]; then
  echo "ensure-chromium: $(chromium --version 2>/dev/null || echo 'version unknown')"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: ${missing[*]} missing; installing needs root." >&2
  echo "ensure-chromium: run as root: apt-get update && apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "ensure-chromium: ${missing[*]} missing; running: apt-get update"
apt-get update
echo "ensure-chromium: running: apt-get install -y ${missing[*]}"
DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
for package in "${missing[@]}"; do
  echo "ensure-chromium: installed $(command -v "$package")"
done
