import { execFileSync } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium (scripts/ensure-chromium.sh installs it); CHROMIUM_PATH overrides. */
export function chromiumPath(): string {
  return installed('chromium', 'CHROMIUM_PATH');
}

/**
 * The e2e journeys' browser: Debian's chromium-headless-shell, the same Chromium without the
 * desktop browser around it, which runs them in two thirds of the time (ADR-0069).
 * E2E_CHROMIUM_PATH overrides. The benchmarks keep the full browser (`chromiumPath`).
 */
export function e2eChromiumPath(): string {
  return installed('chromium-headless-shell', 'E2E_CHROMIUM_PATH');
}

/** The path in `variable`, else the installed `command`'s. */
function installed(command: string, variable: string): string {
  const fromEnv = process.env[variable];
  if (fromEnv) return fromEnv;
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      `${command} is not installed: run scripts/ensure-chromium.sh (or set ${variable})`,
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
