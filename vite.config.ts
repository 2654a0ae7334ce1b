import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { pandaStaticCss } from './scripts/panda-static-css.js';
import { precompress } from './scripts/precompress.js';

const styledSystem = fileURLToPath(new URL('./styled-system', import.meta.url));
const syncExternalStore = fileURLToPath(
  new URL('./src/ui/use-sync-external-store.ts', import.meta.url),
);

// Every vitest project: a console.error fails the test (tests/setup/console.ts).
const CONSOLE_SETUP = 'tests/setup/console.ts';

// Logic tests under src/ run in node (no jsdom to build per file), except these, which read
// window, storage or BroadcastChannel.
const SRC_LOGIC_NEEDING_A_DOM = [
  'src/api/client.test.ts',
  'src/app/theme.test.ts',
  'src/features/checkout/checkout-draft.test.ts',
  'src/payment/order-tokens.test.ts',
  'src/session/session-handle.test.ts',
  'src/session/session-identity.test.ts',
];

export default defineConfig(({ isSsrBuild }) => ({
  // The server entry (src/entry-server.tsx, `vite build --ssr`) is read from disk by the reference
  // API, never sent to a browser: no precompressed copies of it.
  plugins: isSsrBuild ? [react(), pandaStaticCss()] : [react(), pandaStaticCss(), precompress()],
  resolve: {
    alias: [
      { find: 'styled-system', replacement: styledSystem },
      { find: /^use-sync-external-store\/shim\/index\.js$/, replacement: syncExternalStore },
    ],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // The reference API (npm start) listens on 8080 and serves /api/v1/*.
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
      // The spec's identity-provider entry path, answered by the API (a redirect into the flow).
      '/oauth2': { target: 'http://127.0.0.1:8080', changeOrigin: false },
      // The sandbox's Stripe stand-in (ADR-0050), on Stripe's own paths.
      '/v1': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: isSsrBuild
    ? {
        outDir: 'dist-ssr',
        emptyOutDir: true,
        rolldownOptions: {
          // One file: the server imports it by a build-stamped URL (server/src/ssr-entry.ts), and a
          // page chunk importing the entry back by its plain URL would get a second copy of the app,
          // whose React contexts (the cart flow's) the first copy's providers do not fill.
          output: { codeSplitting: false },
          // The server loads every page anyway; that the route modules import their pages' modules
          // statically (their sizes and id rules) is expected here, not a missed split.
          onLog(level, log, handler) {
            if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT') return;
            handler(level, log);
          },
        },
      }
    : {
        outDir: 'dist',
        // The reference API reads it to preload a rendered page's own chunk (server/src/page-render.ts).
        manifest: true,
        // No polyfill for <link rel="modulepreload">: every browser the shop serves has it but
        // Safari before 17, which then fetches each module when it is imported. The polyfill ran
        // in the first script's task on every page.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          output: {
            // Everything the entry imports statically (what a first visit runs before it can paint)
            // goes into one chunk: one request, and gzip sees it whole. Left to automatic splitting,
            // modules the lazy routes share came out as some thirty small files, about 11 kB gzip
            // more in total (ADR-0014).
            codeSplitting: { groups: [{ name: 'first-visit', tags: ['$initial'] }] },
          },
        },
      },
  test: {
    // One test file per core (Vitest's default in a run is one fewer: a single worker here, which
    // left one of the two cores idle for half the unit phase).
    maxWorkers: '100%',
    // Worker threads, not child processes: the unit layer took 133, 148 and 157 s on threads
    // against 165 and 168 s on processes (interleaved runs, 2 cores). The contracts project stays
    // on processes (below).
    pool: 'threads',
    projects: [
      {
        extends: true,
        test: {
          // The node project of pure logic: the machines, src/ logic that needs no DOM, and the
          // build's own plugins (scripts/).
          name: 'machines',
          environment: 'node',
          include: ['machines/**/*.test.ts', 'src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SRC_LOGIC_NEEDING_A_DOM],
          setupFiles: [CONSOLE_SETUP],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: [
            'src/**/*.test.tsx',
            'tests/model/**/*.test.{ts,tsx}',
            ...SRC_LOGIC_NEEDING_A_DOM,
          ],
          setupFiles: [CONSOLE_SETUP, 'tests/setup/dom.ts'],
          // A view test types and waits for React; on a 2-core machine shared with other runs
          // that can take several seconds (the model paths set their own 30 s).
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/test/**/*.test.ts'],
          setupFiles: [CONSOLE_SETUP],
        },
      },
      {
        extends: true,
        test: {
          name: 'contracts',
          environment: 'node',
          include: ['contracts/**/*.test.ts'],
          setupFiles: [CONSOLE_SETUP],
          env: { PACT_DO_NOT_TRACK: 'true' },
          // One Pact mock server / verifier at a time; they share the pacts/ folder.
          fileParallelism: false,
          // Pact's native core keeps process-wide state: one process per file, as before.
          pool: 'forks',
        },
      },
    ],
  },
}));
