// Build-time compression: every text asset in dist/ gets a .br and a .gz beside it, which the
// reference API's static server (sirv) sends to browsers that accept them. Compressing once at
// build time lets brotli use its best (slowest) level, and no request pays for it.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);
// Below this, the headers outweigh what compression saves.
const MIN_BYTES = 1024;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

export async function precompressDir(dir: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const targets = files(dir).filter(
    (file) => COMPRESSIBLE.has(extname(file).toLowerCase()) && statSync(file).size >= MIN_BYTES,
  );
  await Promise.all(
    targets.map(async (file) => {
      const raw = readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzipAsync(raw, { level: 9 }),
      ]);
      summary.files += 1;
      summary.bytes += raw.length;
      // A variant that is not smaller is left out, and the original is sent instead.
      if (br.length < raw.length) {
        writeFileSync(`${file}.br`, br);
        summary.brotliBytes += br.length;
      }
      if (gz.length < raw.length) {
        writeFileSync(`${file}.gz`, gz);
        summary.gzipBytes += gz.length;
      }
    }),
  );
  return summary;
}

/** Vite plugin: precompress the client build's output once it is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lumen-precompress',
    apply: 'build',
    configResolved(config) {
      // resolve, not join: build.outDir may be absolute (bench:bundle builds into a temp folder).
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const s = await precompressDir(outDir);
      this.info(
        `precompressed ${s.files} files: ${(s.bytes / 1024).toFixed(0)} kB → ${(s.brotliBytes / 1024).toFixed(0)} kB brotli, ${(s.gzipBytes / 1024).toFixed(0)} kB gzip`,
      );
    },
  };
}
