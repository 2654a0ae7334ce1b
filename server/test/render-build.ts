// A stand-in build for the server-rendering tests (page-render.api.test.ts,
// render-threads.api.test.ts): dist/index.html in the built shape, the manifest's parts that
// page-render.ts reads, and a server entry the test writes (the real ones are built by `vite build`
// and tested in Chromium).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** The built dist/index.html's shape: the markers page-render.ts fills, the module script it moves. */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <!--app-head-->
    <title>Lumen Roastery</title>
    <!--/app-head-->
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
  </head>
  <body>
    <!--app-noscript--><noscript>Lumen Roastery needs JavaScript to show the shop.</noscript
    ><!--/app-noscript-->
    <div id="root"><!--app-html--></div>
  </body>
</html>
`;

/**
 * The build's manifest (the parts page-render.ts reads): the cart page's chunk imports the entry,
 * which the shell already loads, and a chunk it shares with other pages.
 */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc123.js', isEntry: true },
  'src/features/cart/cart-page.tsx': {
    file: 'assets/cart-page-c4r7.js',
    imports: ['index.html', '_shared-5h4r.js'],
  },
  '_shared-5h4r.js': { file: 'assets/shared-5h4r.js', imports: ['index.html'] },
  'src/features/menu/menu-page.tsx': { file: 'assets/menu-page-m3nu.js', imports: ['index.html'] },
};

/** A build in a new folder: `root` holds `dist` and `dist-ssr`, whose entry-server.js is `entry`. */
function writeStandInBuild(entry: string): { root: string; dist: string; ssr: string } {
  const root = mkdtempSync(join(tmpdir(), 'lumen-render-'));
  const dist = join(root, 'dist');
  const ssr = join(root, 'dist-ssr');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(ssr);
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(ssr, 'entry-server.js'), entry);
  // ES modules, as in the project (its package.json), wherever the test's folder is.
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }');
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  return { root, dist, ssr };
}

/** The suite's stand-in build: written before its tests, removed after them. */
export function standInBuildForSuite(entry: string): { root: string; dist: string; ssr: string } {
  const build = { root: '', dist: '', ssr: '' };
  beforeAll(() => {
    Object.assign(build, writeStandInBuild(entry));
  });
  afterAll(() => rmSync(build.root, { recursive: true, force: true }));
  return build;
}
