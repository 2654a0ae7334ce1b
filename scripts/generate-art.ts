// Writes every picture the storefront shows into public/images (gitignored): product shots, news,
// events, spaces and home-page art. Deterministic: the same bytes on every run.
// Run: npx tsx scripts/generate-art.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRODUCTS } from './art/catalog';
import { productSubject } from './art/products';
import { productImage } from './art/framing';
import { eventScenes, newsScenes } from './art/scenes';
import { spaceScenes } from './art/spaces';
import { homeFiles } from './art/home-art';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'public', 'images');

let files = 0;
let bytes = 0;
let largest = { file: '', size: 0 };

function write(rel: string, svg: string): void {
  const file = join(out, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, svg);
  const size = Buffer.byteLength(svg);
  files++;
  bytes += size;
  if (size > largest.size) largest = { file: rel, size };
}

const started = performance.now();
for (const p of PRODUCTS) {
  const sub = productSubject(p);
  for (let n = 1; n <= 4; n++) write(`products/${p.id}-${n}.svg`, productImage(p, sub, n));
}
newsScenes().forEach((s, i) => write(`news/${i + 1}.svg`, s.svg));
eventScenes().forEach((s, i) => write(`events/${i + 1}.svg`, s.svg));
spaceScenes().forEach((s, i) => write(`spaces/${i + 1}.svg`, s.svg));
for (const f of homeFiles()) write(`home/${f.name}`, f.svg);
const ms = Math.round(performance.now() - started);
console.log(
  `generate-art: wrote ${files} files, ${(bytes / 1024).toFixed(1)} KB total (largest ${largest.file} ${(largest.size / 1024).toFixed(1)} KB) to ${relative(root, out)}/ in ${ms} ms`,
);
