#!/usr/bin/env bash
# Makes sure Debian's chromium is installed: the e2e tests drive it through Playwright (playwright.config.ts)
# (no browser download from the Playwright CDN).
set -euo pipefail

if command -v chromium >/dev/null 2>&1; then
  echo "ensure-chromium: found $(command -v chromium) ($(chromium --version 2>/dev/null || echo 'version unknown'))"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-chromium: chromium is missing and installing it needs root." >&2
  echo "ensure-chromium: run as root: apt-get update && apt-get install -y chromium" >&2
  exit 1
fi

echo "ensure-chromium: chromium is missing; running: apt-get update"
apt-get update
echo "ensure-chromium: running: apt-get install -y chromium"
DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
echo "ensure-chromium: installed $(command -v chromium)"
