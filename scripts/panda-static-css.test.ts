import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Modules, PANDA_CSS_URL, type PandaCss } from './panda-static-css';

// ADR-0072: what the build folds must be exactly what Panda's runtime gives the browser, and
// anything it cannot know stays a runtime call. Expectations come from Panda's own `css`.
let css: PandaCss;
let dir: string;
beforeAll(async () => {
  ({ css } = (await import(PANDA_CSS_URL)) as { css: PandaCss });
  dir = mkdtempSync(join(tmpdir(), 'panda-fold-'));
});

const IMPORT = "import { css } from 'styled-system/css';\n";
const fold = (code: string, file = join(dir, 'module.tsx')) =>
  new Modules(css).fold(file, IMPORT + code);

describe('folding written-out css() calls at build time', () => {
  it('replaces a call of literals with the class names the runtime gives', () => {
    const result = fold(
      "const quote = '’'; export const a = css({ display: 'flex', px: { base: '4', md: '6' }, _hover: { color: 'accent' } });\n" +
        'export const b = css({ mt: -2, zIndex: 10 }, { gap: `3` });',
    );
    const expectedA = css({
      display: 'flex',
      px: { base: '4', md: '6' },
      _hover: { color: 'accent' },
    });
    const expectedB = css({ mt: -2, zIndex: 10 }, { gap: '3' });
    expect(expectedA).toContain('hover:');
    expect(result?.code).toContain(`export const a = ${JSON.stringify(expectedA)};`);
    expect(result?.code).toContain(`export const b = ${JSON.stringify(expectedB)};`);
    expect(result?.code).not.toMatch(/\bcss\(/);
  });

  it('folds names bound to css.raw, in the module or imported from another, and marks css.raw pure', () => {
    writeFileSync(
      join(dir, 'column.ts'),
      "import { css } from 'styled-system/css';\nexport const column = css.raw({ maxW: '7xl', mx: 'auto' });\n",
    );
    const result = fold(
      "import { column } from './column';\nconst cell = css.raw({ p: '2' });\n" +
        "export const a = css(cell, { m: '1' });\nexport const b = css(column, { py: '8' });",
    );
    expect(result?.code).toContain(JSON.stringify(css(css.raw({ p: '2' }), { m: '1' })));
    expect(result?.code).toContain(
      JSON.stringify(css(css.raw({ maxW: '7xl', mx: 'auto' }), { py: '8' })),
    );
    expect(result?.code).toContain("const cell = /* @__PURE__ */ css.raw({ p: '2' });");
  });

  it('leaves to the runtime a call with anything computed in it', () => {
    const code =
      "const plain = { color: 'text' };\nexport const f = (open) => css({ color: open ? 'accent' : 'text' });\n" +
      "export const g = css(plain);\nexport const h = (more) => css({ p: '2', ...more });";
    const result = fold(code);
    expect(result).toBeNull();
  });

  it('leaves a module alone where the name css may be bound to something else', () => {
    expect(fold("export function f(css) { return css({ p: '2' }); }")).toBeNull();
    expect(fold("export const f = ({ css }) => css({ p: '2' });")).toBeNull();
  });

  it('leaves a module that does not import css from styled-system/css', () => {
    expect(
      new Modules(css).fold(join(dir, 'other.tsx'), "const css = (x) => x; css({ p: '2' });"),
    ).toBeNull();
  });
});
