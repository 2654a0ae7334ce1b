import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { distDir, repoRoot } from './paths';

// Everything `vite build` reads. dist/ older than any of these is stale.
const BUILD_INPUTS = [
  'index.html',
  'src',
  'machines',
  'public',
  'vite.config.ts',
  'panda.config.ts',
  'postcss.config.cjs',
  'package-lock.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Why dist/ must be rebuilt, or null when it is up to date. */
function staleReason(): string | null {
  const builtIndex = join(distDir, 'index.html');
  if (!existsSync(builtIndex)) return 'dist/index.html is missing';
  // The server entry that renders the public pages (issue 19), built after the SPA.
  const serverEntry = join(repoRoot, 'dist-ssr', 'entry-server.js');
  if (!existsSync(serverEntry) || statSync(serverEntry).mtimeMs < statSync(builtIndex).mtimeMs) {
    return 'dist-ssr/entry-server.js is missing or older than dist/';
  }
  const builtAt = statSync(builtIndex).mtimeMs;
  const newer = BUILD_INPUTS.find((input) => newestMtime(join(repoRoot, input)) > builtAt);
  return newer ? `${newer} changed after the last build` : null;
}

/**
 * Runs `npm run build` (the SPA, then its server entry) once when dist/ is missing or older than
 * its inputs (`npm run validate` builds just before the e2e tests, so there it is a no-op).
 * About 10 s on two cores.
 */
export function ensureBuild(): void {
  const reason = staleReason();
  if (!reason) return;
  const started = Date.now();
  console.info(`[e2e] building the SPA (${reason})...`);
  for (const args of [
    ['build', '--logLevel', 'warn'],
    ['build', '--ssr', 'src/entry-server.tsx', '--logLevel', 'warn'],
  ]) {
    const result = spawnSync(join(repoRoot, 'node_modules', '.bin', 'vite'), args, {
      cwd: repoRoot,
      stdio: 'inherit',
      env: process.env,
    });
    if (result.status !== 0) {
      throw new Error(
        `vite ${args.join(' ')} failed (exit ${result.status ?? result.signal ?? 'unknown'})`,
      );
    }
  }
  console.info(`[e2e] built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
