import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './scripts/precompress.js';

const styledSystem = fileURLToPath(new URL('./styled-system', import.meta.url));

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      'styled-system': styledSystem,
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // The reference API (npm start) listens on 8080 and serves /api/v1/*.
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
      // The spec's identity-provider entry path, answered by the API (a redirect into the flow).
      '/oauth2': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        // Everything the entry imports statically (what a first visit runs before it can paint)
        // goes into one chunk: one request, and gzip sees it whole. Left to automatic splitting,
        // modules the lazy routes share came out as some thirty small files, about 11 kB gzip
        // more in total (README, decision 14).
        codeSplitting: { groups: [{ name: 'first-visit', tags: ['$initial'] }] },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'machines',
          environment: 'node',
          include: ['machines/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'tests/model/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/test/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'contracts',
          environment: 'node',
          include: ['contracts/**/*.test.ts'],
          env: { PACT_DO_NOT_TRACK: 'true' },
          // One Pact mock server / verifier at a time; they share the pacts/ folder.
          fileParallelism: false,
        },
      },
    ],
  },
});
