import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { token, type Token } from 'styled-system/tokens';
import pandaConfig from '../../panda.config';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  background_color: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

/** A semantic colour of panda.config.ts in one scheme, resolved to the palette's hex value. */
function themeColor(name: string, scheme: 'base' | '_dark'): string {
  const semantic = pandaConfig.theme?.extend?.semanticTokens?.colors as
    Record<string, { value: { base: string; _dark: string } }> | undefined;
  const reference = semantic?.[name]?.value[scheme] ?? '';
  const path = /^\{(.+)\}$/.exec(reference)?.[1];
  return path ? token(path as Token) : reference;
}

describe('the web app manifest', () => {
  const manifest = JSON.parse(read('public/manifest.webmanifest')) as Manifest;

  it('names the shop and opens it standalone at /', () => {
    expect(manifest).toMatchObject({
      name: 'Lumen Roastery',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  });

  it('takes its colours from the theme: the page background and the header', () => {
    expect(manifest.background_color).toBe(themeColor('bg', 'base'));
    expect(manifest.theme_color).toBe(themeColor('surface', 'base'));
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('lists icons that exist: the favicon for any size, and a maskable one', () => {
    for (const icon of manifest.icons) {
      expect(existsSync(new URL(`public${icon.src}`, root)), icon.src).toBe(true);
    }
    expect(manifest.icons).toContainEqual(
      expect.objectContaining({ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }),
    );
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  });

  it('is linked from index.html, with a theme colour per scheme', () => {
    const html = read('index.html');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(head).toContain(
      `<meta name="theme-color" content="${themeColor('surface', 'base')}" media="(prefers-color-scheme: light)" />`,
    );
    expect(head).toContain(
      `<meta name="theme-color" content="${themeColor('surface', '_dark')}" media="(prefers-color-scheme: dark)" />`,
    );
  });
});
