import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer order of docs/conventions.md#layers, as the real eslint.config.js enforces it:
 * lib (no React) < ui (primitives: no domain, no API) < components/cart < features < app, with
 * api, session and payment below the domain views. Each snippet is linted as if it were the
 * named file (which need not exist); only the layer rules' messages count.
 */
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: process.cwd() });
  // Loading the config and its plugins takes seconds on a busy machine: once, here.
  await eslint.lintText('', { filePath: 'src/lib/warm-up.ts' });
}, 60_000);

async function layerMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId?.startsWith('layers/') || message.fatal)
    .map((message) => `${message.ruleId ?? 'fatal'}: ${message.message}`);
}

describe('the shared layers run one way', { timeout: 20_000 }, () => {
  it.each([
    ['src/lib/new-helper.ts', "import '../ui/button';"],
    ['src/lib/new-helper.ts', "import '../api/api-error';"],
    ['src/lib/new-helper.ts', "import '../components/address.schema';"],
    ['src/lib/new-helper.ts', "import '../../machines/menu.selectors';"],
    ['src/ui/new-primitive.tsx', "import '../api/api-error';"],
    ['src/ui/new-primitive.tsx', "import '../session/session';"],
    ['src/ui/new-primitive.tsx', "import '../payment/stripe-loader';"],
    ['src/ui/new-primitive.tsx', "import '../components/address.schema';"],
    ['src/ui/new-primitive.tsx', "import '../cart/cart-text';"],
    ['src/ui/new-primitive.tsx', "import type { components } from '../../contract/schema';"],
    ['src/ui/new-primitive.tsx', "import '../../machines/menu.selectors';"],
    ['src/api/new-resource.ts', "import '../ui/button';"],
    ['src/api/new-resource.ts', "import '../session/session';"],
    ['src/session/new-part.ts', "import '../components/address.schema';"],
    ['src/payment/new-part.ts', "import '../cart/cart-text';"],
    ['src/components/new-view.tsx', "import '../features/menu/menu-page';"],
    ['src/cart/new-view.tsx', "import '../app/layout';"],
    ['src/ui/new-primitive.tsx', "import '../main';"],
  ])('%s may not `%s`', async (file, code) => {
    const messages = await layerMessages(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^layers\/one-way: .*docs\/conventions\.md#layers/);
  });

  it.each([
    ['src/lib/new-helper.ts', "import './paths';\nimport '../../contract/brand';\nimport 'zod';"],
    ['src/ui/new-primitive.tsx', "import '../lib/paths';\nimport '@radix-ui/react-dialog';"],
    ['src/api/new-resource.ts', "import '../lib/storage';\nimport './client';"],
    ['src/session/new-part.ts', "import '../ui/spinner';\nimport '../api/client';"],
    [
      'src/components/new-view.tsx',
      "import '../ui/button';\nimport '../lib/paths';\nimport '../api/types';\nimport '../session/session';\nimport '../payment/stripe-loader';\nimport '../cart/cart-text';",
    ],
    ['src/cart/new-view.tsx', "import '../components/category-labels';"],
    ['src/features/menu/new-page.tsx', "import '../../components/shop-form';"],
  ])('%s may import what sits below it', async (file, code) => {
    expect(await layerMessages(file, code)).toEqual([]);
  });
});

describe('src/lib is framework-free', { timeout: 20_000 }, () => {
  it.each([
    "import { useEffect } from 'react';",
    "import { createRoot } from 'react-dom/client';",
    "import { jsx } from 'react/jsx-runtime';",
    "import toast from 'react-hot-toast';",
    "import { useQuery } from '@tanstack/react-query';",
  ])('a .ts file of src/lib may not `%s`', async (code) => {
    const messages = await layerMessages('src/lib/new-helper.ts', code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^layers\/framework-free: .*docs\/conventions\.md#layers/);
  });

  it('has no .tsx files and no JSX', async () => {
    const messages = await layerMessages(
      'src/lib/new-helper.tsx',
      'export const Mark = () => <b>Lumen</b>;',
    );
    expect(messages).toEqual([
      expect.stringMatching(/^layers\/framework-free: .*\.ts, not \.tsx/),
      expect.stringMatching(/^layers\/framework-free: .*no JSX/),
    ]);
  });

  it('may use libraries that are not bound to React', async () => {
    expect(
      await layerMessages(
        'src/lib/new-helper.ts',
        "import { z } from 'zod';\nimport { QueryClient } from '@tanstack/query-core';\nexport const schema = z.string();\nexport const make = () => new QueryClient();",
      ),
    ).toEqual([]);
  });

  it('may import types from a React-bound library: nothing of it runs', async () => {
    expect(
      await layerMessages(
        'src/lib/new-helper.ts',
        "import type { QueryClient } from '@tanstack/react-query';\nexport type Loader = (client: QueryClient) => void;",
      ),
    ).toEqual([]);
  });

  it('holds the rule for src/lib only: src/ui may use React', async () => {
    expect(
      await layerMessages('src/ui/new-primitive.tsx', "import { useEffect } from 'react';"),
    ).toEqual([]);
  });
});
