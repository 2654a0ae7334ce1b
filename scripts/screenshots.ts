// Screenshots of pages for a human to look at: light and dark, at phone and desktop widths.
// Usage: npx tsx scripts/screenshots.ts /menu /news/1 [--widths 390,1280] [--out .screenshots]
// Builds dist/ when stale and serves it with a fresh, seeded reference API (like the e2e tests).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startApp } from '../tests/e2e/support/app-server';
import { launchChromium } from '../tests/e2e/support/browser';
import { ensureBuild } from '../tests/e2e/support/build';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const [value] = args.splice(at, 2).slice(1);
  return value ?? fallback;
};
const widths = option('--widths', '390,1280').split(',').map(Number);
const out = option('--out', '.screenshots');
const routes = args.length > 0 ? args : ['/'];

ensureBuild();
mkdirSync(out, { recursive: true });
const app = await startApp();
const browser = await launchChromium();
try {
  for (const route of routes) {
    for (const theme of ['light', 'dark'] as const) {
      for (const width of widths) {
        const context = await browser.newContext({
          baseURL: app.url,
          viewport: { width, height: 900 },
          reducedMotion: 'reduce',
        });
        await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
        const page = await context.newPage();
        await page.goto(route);
        await page.waitForLoadState('networkidle');
        const file = join(
          out,
          `${route.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${theme}-${width}.png`,
        );
        await page.screenshot({ path: file, fullPage: true });
        console.info(file);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await app.close();
}
