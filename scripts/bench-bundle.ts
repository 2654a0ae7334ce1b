// Bundle-size benchmark: what a shopper downloads before the first screen.
// Usage: npm run bench:bundle (builds first). Prints a Markdown table for the README.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');

// The assets index.html loads itself (scripts, modulepreloads, styles) are the initial load;
// chunks loaded later by dynamic import are listed but not counted.
const initial = new Set(
  [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1] ?? ''),
);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const rows = files(join(dist, 'assets'))
  .filter((path) => /\.(js|css)$/.test(path))
  .map((path) => {
    const body = readFileSync(path);
    const name = relative(dist, path);
    return {
      name,
      initial: initial.has(name),
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      brotli: brotliCompressSync(body).length,
    };
  })
  .sort((a, b) => Number(b.initial) - Number(a.initial) || b.gzip - a.gzip);

console.log('| asset | initial | raw | gzip | brotli |');
console.log('| --- | --- | --- | --- | --- |');
for (const r of rows) {
  console.log(
    `| ${r.name} | ${r.initial ? 'yes' : 'no'} | ${kb(r.raw)} | ${kb(r.gzip)} | ${kb(r.brotli)} |`,
  );
}
const sum = (key: 'raw' | 'gzip' | 'brotli', js: boolean) =>
  rows.filter((r) => r.initial && r.name.endsWith('.js') === js).reduce((n, r) => n + r[key], 0);
console.log(
  `\ninitial JS: ${kb(sum('gzip', true))} gzip (${kb(sum('brotli', true))} brotli); ` +
    `initial CSS: ${kb(sum('gzip', false))} gzip`,
);
