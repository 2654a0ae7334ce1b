// The SPA's server entry (src/entry-server.tsx, built by `vite build --ssr` into dist-ssr/),
// loaded once for everything that reads it: the page render (page-render.ts), the sitemap and
// robots.txt (seo/sitemap.ts). The server imports nothing from src/: what it reads of the entry
// is declared beside each use.
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const loaded = new Map<string, { mtime: number; address: string; module: Promise<unknown> }>();

/**
 * The entry built into `ssrDir`, imported once per build (a rebuild, seen by the file's mtime,
 * is imported afresh); null when there is no such build (no `ssrDir`, the dev server, server
 * tests). The caller declares the exports it reads.
 */
export function loadServerEntry<Entry>(ssrDir: string | null): Promise<Entry> | null {
  if (!ssrDir) return null;
  const file = join(resolve(ssrDir), 'entry-server.js');
  if (!existsSync(file)) return null;
  const mtime = statSync(file).mtimeMs;
  let entry = loaded.get(file);
  if (!entry || entry.mtime !== mtime) {
    const address = `${pathToFileURL(file).href}?t=${mtime}`;
    entry = { mtime, address, module: import(address) };
    loaded.set(file, entry);
  }
  return entry.module as Promise<Entry>;
}

/** Which build of the entry `loadServerEntry` serves (its file's mtime), or null without one. */
export function serverEntryBuild(ssrDir: string | null): number | null {
  if (!ssrDir) return null;
  return loaded.get(join(resolve(ssrDir), 'entry-server.js'))?.mtime ?? null;
}

/**
 * The address `loadServerEntry` imported that build from, for a render thread to import the same
 * build (render-worker.ts), or null before the first load.
 */
export function serverEntryAddress(ssrDir: string | null): string | null {
  if (!ssrDir) return null;
  return loaded.get(join(resolve(ssrDir), 'entry-server.js'))?.address ?? null;
}
