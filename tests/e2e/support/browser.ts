import { execFileSync } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium (scripts/ensure-chromium.sh installs it); CHROMIUM_PATH overrides. */
export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      'chromium is not installed: run scripts/ensure-chromium.sh (or set CHROMIUM_PATH)',
    );
  }
}

/** Offline and deterministic: no sandbox (containers), no GPU, no background traffic. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium for scripts (scripts/screenshots.ts); the e2e tests get theirs from the config. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
}
