import { dirname, join, relative, resolve, sep } from 'node:path';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The one-way layers of docs/conventions.md, checked on every import by where it really points:
// lib < ui < components/cart -> features -> app (api, session, payment below the domain views),
// and machines/ apart from all of src/.
// A small local rule rather than a plugin: it resolves each relative import against the file
// that makes it, so `../menu/x` and `../../features/menu/x` are judged alike at any depth.

/**
 * The order among the shared layers (issue 26): what each may import of src/. `lib` is the floor
 * (no React, nothing of src/); `ui` holds primitives over `lib` (no domain, no API); `api` sits
 * beside `ui` over `lib`; `session` and `payment` use both; the domain views (`components`,
 * `cart`) use everything below them and each other. None imports the features or the app.
 */
const SHARED_IMPORTS = {
  lib: [],
  ui: ['lib'],
  api: ['lib'],
  session: ['lib', 'ui', 'api', 'payment'],
  payment: ['lib', 'ui', 'api', 'session'],
  components: ['lib', 'ui', 'api', 'session', 'payment', 'cart'],
  cart: ['lib', 'ui', 'api', 'session', 'payment', 'components'],
};

/**
 * The folders below the features: shared by them and the app, importing neither. Every folder
 * of src/ is in the model: one missing from here and from features/, app/ is a lint error.
 */
const SHARED_LAYERS = Object.keys(SHARED_IMPORTS);

/**
 * The layer a file belongs to, from its path relative to the project root:
 * `feature:<name>`, `app`, a shared layer, `machines`, `contract`, `server`, `src` (main.tsx...),
 * `unknown:<folder>` for a folder of src/ outside the model, or undefined elsewhere (tests,
 * scripts).
 */
function layerOf(pathFromRoot) {
  const parts = pathFromRoot.split(sep);
  if (parts[0] === 'machines') return 'machines';
  if (parts[0] === 'contract') return 'contract';
  if (parts[0] === 'server') return 'server';
  if (parts[0] !== 'src') return undefined;
  if (parts.length <= 2) return 'src';
  const folder = parts[1] ?? '';
  if (folder === 'features') return parts.length > 3 ? `feature:${parts[2]}` : 'unknown:features';
  if (folder === 'app' || SHARED_LAYERS.includes(folder)) return folder;
  return `unknown:${folder}`;
}

/** Why a shared layer may not import `to`, or undefined when it may. */
function sharedLayerViolation(from, to) {
  if (to === 'app' || to.startsWith('feature:')) {
    return `src/${from} sits below the features and the app: it may not import them.`;
  }
  // The floor and the primitives carry no domain: machines/ is the shop's logic.
  if ((from === 'lib' || from === 'ui') && to === 'machines') {
    return `src/${from} holds no domain: it may not import machines/ (a domain view or a feature may).`;
  }
  // The contract is the API's shape: a primitive takes plain props instead.
  if (from === 'ui' && to === 'contract') {
    return "src/ui holds primitives with no API: not even the contract's types (take plain props).";
  }
  const allowed = SHARED_IMPORTS[from] ?? [];
  if (to !== 'src' && !SHARED_IMPORTS[to]) return undefined;
  if (allowed.includes(to)) return undefined;
  const may = allowed.length ? allowed.map((layer) => `src/${layer}`).join(', ') : 'nothing';
  const target = to === 'src' ? 'the entries (src/main.tsx, src/entry-server.tsx)' : `src/${to}`;
  if (from === 'lib') {
    return `src/lib is the floor (no React, no domain): it imports ${may} of src/, so not ${target}.`;
  }
  if (from === 'ui') {
    return `src/ui holds primitives (no domain, no API): it imports only ${may} of src/, so not ${target}.`;
  }
  return `src/${from} imports only ${may} of src/: ${target} is not below it.`;
}

/** Why `from` may not import `to`, or undefined when the import runs the right way. */
function layerViolation(from, to, typeOnly) {
  if (from === undefined || to === undefined || from === to) return undefined;
  if (from.startsWith('unknown:')) return undefined;
  if (SHARED_IMPORTS[from]) {
    const shared = sharedLayerViolation(from, to);
    if (shared) return shared;
  }
  if (from === 'contract') {
    return 'contract/ is neutral ground between src/ and server/: it imports neither.';
  }
  if (to === 'contract') {
    return from === 'machines' && !typeOnly
      ? "machines/ may import the contract's types only (import type)."
      : undefined;
  }
  if (from === 'server') {
    return 'server/ does not import the SPA or machines/ (shared things live in contract/).';
  }
  if (to === 'server') return 'Only server/ imports server/ (shared things live in contract/).';
  if (from === 'machines') {
    return 'machines/ is pure logic: it imports nothing from src/ (inject effects with provide()).';
  }
  if (from.startsWith('feature:')) {
    if (to === 'app')
      return 'A feature may not import src/app (layers run components -> features -> app).';
    if (to.startsWith('feature:')) {
      return 'Features never import each other: move what both need to a shared layer (src/ui, src/lib, src/components, src/cart, src/api) or machines/.';
    }
  }
  return undefined;
}

/**
 * The seam of issue 17: machines get server and browser inputs from provided actors, views only
 * render state and send intents. An effect that sends to an actor is a mirror of outside state
 * into a machine, which the seam replaces. One that must stay says why in a comment starting
 * `effect-send:` inside it (the documented allow-list: grep for it).
 */
const noEffectSend = {
  meta: {
    type: 'problem',
    docs: { description: 'No useEffect that sends to an actor (provide an actor instead)' },
    schema: [],
  },
  create: (context) => {
    const effects = [];
    const isEffect = (node) =>
      (node.callee.type === 'Identifier' && /^use(Layout)?Effect$/.test(node.callee.name)) ||
      (node.callee.type === 'MemberExpression' &&
        /^use(Layout)?Effect$/.test(node.callee.property?.name ?? ''));
    const isSend = (node) =>
      (node.callee.type === 'MemberExpression' && node.callee.property?.name === 'send') ||
      (node.callee.type === 'Identifier' && node.callee.name === 'send');
    return {
      CallExpression: (node) => {
        if (isEffect(node)) {
          effects.push(node);
          return;
        }
        if (!isSend(node)) return;
        const effect = effects.find(
          (candidate) => candidate.range[0] <= node.range[0] && node.range[1] <= candidate.range[1],
        );
        if (!effect) return;
        const allowed = context.sourceCode
          .getCommentsInside(effect)
          .some((comment) => comment.value.trim().startsWith('effect-send:'));
        if (!allowed) {
          context.report({
            node,
            message:
              'An effect sends to an actor: give the machine its input through a provided actor (issue 17), or say why in an `// effect-send:` comment.',
          });
        }
      },
    };
  },
};

/**
 * A view (a .tsx file of src/) reads a machine through `machines/<name>.selectors.ts` and gets
 * its actor from the feature's wiring (a .ts file that provides the effects): the machine's own
 * module is its internals, and a view may take only its types.
 */
function machineInternals(fromPath, targetPath, typeOnly) {
  const isView = fromPath.startsWith(`src${sep}`) && /(?<!\.test)\.tsx$/.test(fromPath);
  const isMachineModule = new RegExp(`^machines\\${sep}[^${sep}]+\\.machine(\\.ts)?$`).test(
    targetPath,
  );
  if (!isView || !isMachineModule || typeOnly) return undefined;
  return "a view imports a machine's internals: read it through its <name>.selectors.ts, and create the actor in the feature's wiring (.ts).";
}

/**
 * React and the libraries bound to it (react-*, @scope/react*, Radix, wouter): what src/lib, the
 * framework-free floor, may not import.
 */
const REACT_BOUND = /^(react|react-dom)(\/|$)|^react-|^@[^/]+\/react|^@radix-ui\/|^wouter(\/|$)/;

/**
 * src/lib is framework-free (docs/conventions.md#layers): .ts files with no JSX that import
 * neither React nor a library bound to it, so the server's page heads, the machines' wiring and
 * plain scripts can use it. A hook or a component belongs in src/ui (or higher).
 */
function frameworkFree(root) {
  return {
    meta: {
      type: 'problem',
      docs: { description: 'src/lib has no React, no JSX (docs/conventions.md#layers)' },
      schema: [],
    },
    create: (context) => {
      const file = relative(root, context.filename);
      if (!file.startsWith(join('src', 'lib') + sep)) return {};
      const where = 'See docs/conventions.md#layers.';
      const jsx = (node) =>
        context.report({
          node,
          message: `src/lib is framework-free: no JSX here (a component belongs in src/ui or higher). ${where}`,
        });
      const check = (node) => {
        const source = node.source;
        if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
        if (!REACT_BOUND.test(source.value)) return;
        // A type-only import leaves nothing at run time (the route modules' QueryClient type).
        if (node.importKind === 'type' || node.exportKind === 'type') return;
        context.report({
          node: source,
          message: `'${source.value}': src/lib is framework-free: no React or React-bound library (a hook belongs in src/ui, or src/app when it needs the app). ${where}`,
        });
      };
      return {
        Program: (node) => {
          if (!/\.[cm]?[jt]sx$/.test(file)) return;
          context.report({
            node,
            message: `src/lib is framework-free: its files are .ts, not .tsx/.jsx. ${where}`,
          });
        },
        JSXElement: jsx,
        JSXFragment: jsx,
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}

function createLayersPlugin(root) {
  const check = (context, node) => {
    const source = node.source?.value;
    if (typeof source !== 'string' || !source.startsWith('.')) return;
    const file = context.filename;
    const from = layerOf(relative(root, file));
    const target = relative(root, resolve(dirname(file), source));
    const to = layerOf(target);
    const typeOnly =
      node.importKind === 'type' ||
      (node.specifiers?.length > 0 &&
        node.specifiers.every((specifier) => specifier.importKind === 'type'));
    const wrongWay = layerViolation(from, to, typeOnly);
    const message = wrongWay
      ? `${wrongWay} See docs/conventions.md#layers.`
      : machineInternals(relative(root, file), target, typeOnly);
    if (message) context.report({ node: node.source, message: `'${source}': ${message}` });
  };
  return {
    rules: {
      'no-effect-send': noEffectSend,
      'framework-free': frameworkFree(root),
      'one-way': {
        meta: {
          type: 'problem',
          docs: { description: 'Imports follow the layers of docs/conventions.md' },
          schema: [],
        },
        create: (context) => ({
          Program: (node) => {
            const layer = layerOf(relative(root, context.filename));
            if (layer?.startsWith('unknown:')) {
              context.report({
                node,
                message: `src/${layer.slice('unknown:'.length)}/ is outside the layer model (docs/conventions.md): put the file in a known folder or add the folder to eslint.config.js's layers.`,
              });
            }
          },
          ImportDeclaration: (node) => check(context, node),
          ExportNamedDeclaration: (node) => check(context, node),
          ExportAllDeclaration: (node) => check(context, node),
          ImportExpression: (node) => check(context, node),
        }),
      },
    },
  };
}

/**
 * The API client belongs to a QueryClient (issue 26, src/api/client.ts): it is created where a
 * QueryClient is born and read back with apiOf(queryClient). No module holds one: a client made
 * at a module's top level would be shared by every server render in the process, and a module's
 * mutable state in src/api is where a "current" client would hide.
 */
const apiClientPlugin = {
  rules: {
    'no-module-client': {
      meta: {
        type: 'problem',
        docs: { description: 'No module-level API client (issue 26)' },
        schema: [],
      },
      create: (context) => {
        const file = relative(import.meta.dirname, context.filename);
        const inSrc = file.startsWith(`src${sep}`);
        const isTest = /\.test\.tsx?$/.test(file);
        const isClientModule = file === join('src', 'api', 'client.ts');
        const inApi = file.startsWith(join('src', 'api') + sep);
        const atModuleLevel = (node) =>
          !context.sourceCode
            .getAncestors(node)
            .some((ancestor) =>
              /^(FunctionDeclaration|FunctionExpression|ArrowFunctionExpression|MethodDefinition|PropertyDefinition|StaticBlock)$/.test(
                ancestor.type,
              ),
            );
        return {
          CallExpression: (node) => {
            const name =
              node.callee.type === 'Identifier'
                ? node.callee.name
                : node.callee.type === 'MemberExpression'
                  ? node.callee.property?.name
                  : undefined;
            if (name === 'createApiClient' && atModuleLevel(node)) {
              context.report({
                node,
                message:
                  'An API client made at module level is shared by every QueryClient (and every server render): create it where its QueryClient is born and bind it (createQueryClient(api) / bindApi), then read it with apiOf(queryClient).',
              });
            }
          },
          ImportDeclaration: (node) => {
            if (!inSrc || isClientModule || node.source.value !== 'openapi-fetch') return;
            if (node.importKind === 'type') return;
            context.report({
              node: node.source,
              message:
                'Only src/api/client.ts makes an openapi-fetch client (createApiClient); take the one bound to your QueryClient with apiOf(queryClient).',
            });
          },
          VariableDeclaration: (node) => {
            if (!inApi || isTest || node.kind === 'const') return;
            if (node.parent.type !== 'Program' && node.parent.parent?.type !== 'Program') return;
            context.report({
              node,
              message:
                'src/api keeps no mutable module state (it is where a process-wide "current" API client would hide): keep state on the QueryClient or in the caller.',
            });
          },
        };
      },
    },
  },
};

/**
 * The production server holds no test, Pact or SPA code (issue 26): server/src imports only
 * server/src and the neutral contract/ (the SPA reaches it as a built entry, the provider states
 * come from contracts/provider/serve.ts). Checked on static and dynamic imports alike, by where
 * each import really points.
 */
const serverImportsPlugin = {
  rules: {
    'own-only': {
      meta: {
        type: 'problem',
        docs: { description: 'server/src imports only server/src and contract/' },
        schema: [],
      },
      create: (context) => {
        const root = import.meta.dirname;
        const file = relative(root, context.filename);
        const allowed = [join('server', 'src') + sep, join('contract') + sep];
        const check = (node, source) => {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const target = relative(root, resolve(dirname(context.filename), source));
          if (allowed.some((prefix) => target.startsWith(prefix))) return;
          context.report({
            node,
            message: `'${source}': server/src imports only server/src and contract/ (no src/, machines/, contracts/ or tests/ code in the production server; the verification side passes what it needs to startServer).`,
          });
        };
        if (!file.startsWith(join('server', 'src') + sep)) return {};
        return {
          ImportDeclaration: (node) => check(node.source, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
          ExportAllDeclaration: (node) => check(node.source, node.source.value),
          ImportExpression: (node) =>
            node.source.type === 'Literal' && check(node.source, node.source.value),
        };
      },
    },
  },
};

// Styles take their colours and spaces from the tokens of panda.config.ts (docs/conventions.md,
// Styles; ADR-0052). Panda's `strictTokens` would say so in the types, but it also refuses
// every raw size and keyword (`none`, `100dvh`), hundreds of calls; this rule checks only the
// two things that drift: a colour literal (hex, rgb(), hsl()) anywhere in a style object, and a
// px length on a spacing property. It reads the object literals given to Panda's style
// functions (css, css.raw, cva, sva); panda.config.ts is where raw values belong.

/** Call names whose object arguments are Panda style objects. */
const STYLE_CALLS = new Set(['css', 'cva', 'sva']);
const RAW_COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\s*\(/i;
/** Keys of a style object that are conditions or breakpoints, not properties. */
const CONDITION = /^(?:[_&@:[]|base$|(?:sm|md|lg|xl|2xl)(?:$|Only|Down|To))/;
const PX_LENGTH = /(?:^|[\s(,-])\d*\.?\d+px\b/;
/** Properties Panda binds to the spacing scale (its shorthands included). */
const SPACING_PROPERTY =
  /^(?:p|px|py|pt|pb|pl|pr|ps|pe|m|mx|my|mt|mb|ml|mr|ms|me|gap|rowGap|columnGap|gridGap|top|right|bottom|left|start|end|inset\w*|padding\w*|margin\w*|scrollMargin\w*|scrollPadding\w*|outlineOffset|spaceX|spaceY)$/;

function styleCallName(callee) {
  if (callee.type === 'Identifier') return callee.name;
  if (
    callee.type === 'MemberExpression' &&
    callee.object.type === 'Identifier' &&
    callee.property.type === 'Identifier' &&
    callee.property.name === 'raw'
  ) {
    return callee.object.name;
  }
  return undefined;
}

function propertyName(property) {
  if (property.computed) return undefined;
  if (property.key.type === 'Identifier') return property.key.name;
  if (property.key.type === 'Literal') return String(property.key.value);
  return undefined;
}

const tokensOnly = {
  meta: {
    type: 'problem',
    docs: { description: 'Colours and spaces in Panda style objects come from tokens.' },
    messages: {
      colour:
        'Raw colour "{{value}}" in a style: use a colour token (add one to panda.config.ts if it is missing).',
      spacing:
        'Raw px spacing "{{value}}" on {{property}}: use a spacing token (add one to panda.config.ts if it is missing).',
    },
    schema: [],
  },
  create(context) {
    /** Every string in `node`, with the nearest property name above it in the style object. */
    function visit(node, property) {
      if (!node) return;
      switch (node.type) {
        case 'ObjectExpression':
          for (const entry of node.properties) {
            if (entry.type !== 'Property') continue;
            const key = propertyName(entry);
            // A condition (`_hover`, `md`, `&:has(…)`) keeps the property it sits under.
            visit(entry.value, key === undefined || CONDITION.test(key) ? property : key);
          }
          return;
        case 'ArrayExpression':
          for (const element of node.elements) visit(element, property);
          return;
        case 'ConditionalExpression':
          visit(node.consequent, property);
          visit(node.alternate, property);
          return;
        case 'LogicalExpression':
          visit(node.right, property);
          return;
        case 'TemplateLiteral':
          for (const quasi of node.quasis) check(quasi, quasi.value.cooked ?? '', property);
          return;
        case 'Literal':
          if (typeof node.value === 'string') check(node, node.value, property);
          return;
        default:
      }
    }
    function check(node, value, property) {
      if (RAW_COLOUR.test(value)) {
        context.report({ node, messageId: 'colour', data: { value } });
      } else if (property && SPACING_PROPERTY.test(property) && PX_LENGTH.test(value)) {
        context.report({ node, messageId: 'spacing', data: { value, property } });
      }
    }
    return {
      CallExpression(node) {
        const name = styleCallName(node.callee);
        if (name === undefined || !STYLE_CALLS.has(name)) return;
        for (const argument of node.arguments) visit(argument, undefined);
      },
    };
  },
};

export default defineConfig([
  globalIgnores([
    'dist/',
    'dist-ssr/',
    'coverage/',
    '.e2e-artifacts/',
    'styled-system/',
    'node_modules/',
    'contract/schema.d.ts',
    'contracts/pacts/',
    'public/images/',
    'server/data/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
  },
  // Strict: also flags query functions that ignore the key's variables, unstable query clients...
  pluginQuery.configs['flat/recommended-strict'],
  {
    // Everywhere: the app, its test harnesses and the contracts create API clients the same way.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'api-client': apiClientPlugin },
    rules: { 'api-client/no-module-client': 'error' },
  },
  {
    files: ['server/src/**/*.ts'],
    plugins: { 'server-imports': serverImportsPlugin },
    rules: { 'server-imports/own-only': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'contract/**/*.ts', 'server/**/*.ts'],
    plugins: { layers: createLayersPlugin(import.meta.dirname) },
    rules: {
      'layers/one-way': 'error',
      'layers/no-effect-send': 'error',
      'layers/framework-free': 'error',
    },
  },
  {
    // Machines are pure (docs/conventions.md): no React, router, HTTP, storage or toasts here.
    files: ['machines/**/*.ts'],
    ignores: ['machines/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-dom',
                'react-dom/*',
                '@xstate/react',
                'wouter',
                'wouter/*',
                '@tanstack/*',
                'react-hot-toast',
                'openapi-fetch',
                '@stripe/*',
              ],
              message: 'Machines are pure logic: inject effects with machine.provide().',
            },
          ],
        },
      ],
    },
  },
  {
    // Toasts go through src/ui/toast.ts: loading it is what mounts the lazily loaded
    // toaster (toaster-signal.ts), so a toast imported straight from the library could go unseen.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/ui/toast.ts', 'src/app/toaster.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-hot-toast',
              message: 'Import { toast } from src/ui/toast.ts (it mounts the toaster).',
            },
          ],
        },
      ],
    },
  },
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      // docs/conventions.md: named exports only, so imports stay greppable and renames honest.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportDefaultDeclaration',
          message: 'Use a named export (default exports are allowed only in config files).',
        },
        {
          selector: 'ExportSpecifier[exported.name="default"]',
          message: 'Use a named export (default exports are allowed only in config files).',
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-expect-error': 'allow-with-description', 'ts-ignore': true },
      ],
    },
  },
  {
    // Tools (Vite, Vitest, Panda, ESLint, PostCSS) load these by their default export, and
    // declaration files must mirror the default export of the library they describe.
    files: ['*.config.{js,cjs,mjs,ts}', '**/*.config.{js,cjs,mjs,ts}', '**/*.d.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Colours and spaces through tokens (ADR-0052); raw values live in panda.config.ts.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { styles: { rules: { 'tokens-only': tokensOnly } } },
    rules: { 'styles/tokens-only': 'error' },
  },
]);
