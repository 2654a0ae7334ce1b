// A build plugin (vite.config.ts): every `css(...)` call of src/ whose styles are written out in
// full becomes the class names Panda's own runtime gives for them, computed once at build time
// instead of in the shopper's browser on every load (ADR-0072). "Written out" means literals, and
// names bound at a module's top level to `css.raw(...)` of such styles, in the same file or
// imported by name from a relative module. Panda's stylesheet is generated from the source (panda
// cssgen), not from this output, so the classes it styles are the same. A call with anything else
// in it (a variable, a spread, a condition) is left to the runtime, as before.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import MagicString from 'magic-string';
import { parseSync, type Plugin } from 'vite';

type Static = string | number | boolean | null | Static[] | { [key: string]: Static };
/** Panda's `css` of styled-system/css, which the app calls at run time. */
export type PandaCss = ((...styles: Static[]) => string) & {
  raw: (...styles: Static[]) => Static;
};
/** An ESTree node as the parser gives it, with its offsets (UTF-16) in the code. */
type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Panda's generated `css` (panda codegen), as the app imports it from styled-system/css. */
export const PANDA_CSS_URL = new URL('../styled-system/css/index.mjs', import.meta.url).href;

const NOT_STATIC = Symbol('not static');
type Value = Static | typeof NOT_STATIC;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Walks `node` depth first; `enter` returns false to skip a node's children. */
function visit(node: Node, enter: (node: Node, parent: Node | null, key: string) => boolean) {
  const walk = (current: Node, parent: Node | null, key: string) => {
    if (!enter(current, parent, key)) return;
    for (const [childKey, value] of Object.entries(current)) {
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) walk(item, current, childKey);
      } else if (isNode(value)) {
        walk(value, current, childKey);
      }
    }
  };
  walk(node, null, '');
}

function parse(file: string, code: string): Node {
  const { program, errors } = parseSync(file, code);
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]?.message ?? 'cannot be parsed'}`);
  return program as unknown as Node;
}

/** What a module's top level binds: Panda's `css` (its local name), consts and named imports. */
class ModuleScope {
  cssName: string | null = null;
  private readonly consts = new Map<string, Node>();
  private readonly imports = new Map<string, { from: string; name: string }>();
  private readonly values = new Map<string, Value>();

  constructor(
    readonly program: Node,
    private readonly file: string,
    private readonly modules: Modules,
  ) {
    for (const statement of program.body as Node[]) {
      const declaration =
        statement.type === 'ExportNamedDeclaration'
          ? (statement.declaration as Node | null)
          : statement;
      if (declaration?.type === 'VariableDeclaration' && declaration.kind === 'const') {
        for (const declarator of declaration.declarations as Node[]) {
          const id = declarator.id as Node;
          if (id.type === 'Identifier' && isNode(declarator.init)) {
            this.consts.set(id.name as string, declarator.init);
          }
        }
      }
      if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type') continue;
      const from = (statement.source as Node).value as string;
      for (const specifier of statement.specifiers as Node[]) {
        if (specifier.type !== 'ImportSpecifier' || specifier.importKind === 'type') continue;
        const imported = (specifier.imported as Node).name as string;
        const local = (specifier.local as Node).name as string;
        if (from === 'styled-system/css' && imported === 'css') this.cssName = local;
        else if (from.startsWith('.')) this.imports.set(local, { from, name: imported });
      }
    }
  }

  /** The styles a top-level name is bound to by `css.raw(...)`, or NOT_STATIC. */
  lookup(name: string): Value {
    const known = this.values.get(name);
    if (known !== undefined) return known;
    this.values.set(name, NOT_STATIC); // while it is worked out: a name defined by itself is not
    const init = this.consts.get(name);
    const imported = this.imports.get(name);
    let value: Value = NOT_STATIC;
    if (init && this.isRawCall(init)) value = this.evaluate(init);
    else if (imported) value = this.modules.exported(this.file, imported.from, imported.name);
    this.values.set(name, value);
    return value;
  }

  isRawCall(node: Node): boolean {
    const callee = node.callee as Node | undefined;
    return (
      node.type === 'CallExpression' &&
      callee?.type === 'MemberExpression' &&
      !callee.computed &&
      (callee.object as Node).type === 'Identifier' &&
      (callee.object as Node).name === this.cssName &&
      (callee.property as Node).name === 'raw'
    );
  }

  /** The value of an expression of literals and `css.raw` names, or NOT_STATIC. */
  evaluate(node: Node): Value {
    switch (node.type) {
      case 'Literal':
        return node.regex || typeof node.value === 'bigint'
          ? NOT_STATIC
          : (node.value as string | number | boolean | null);
      case 'TemplateLiteral': {
        const cooked = (node.quasis as { value: { cooked: string | null } }[])[0]?.value.cooked;
        return (node.expressions as Node[]).length === 0 && typeof cooked === 'string'
          ? cooked
          : NOT_STATIC;
      }
      case 'UnaryExpression': {
        const argument = this.evaluate(node.argument as Node);
        return node.operator === '-' && typeof argument === 'number' ? -argument : NOT_STATIC;
      }
      case 'Identifier':
        return this.lookup(node.name as string);
      case 'ArrayExpression': {
        const items: Static[] = [];
        for (const element of node.elements as (Node | null)[]) {
          const value = element ? this.evaluate(element) : null;
          if (value === NOT_STATIC) return NOT_STATIC;
          items.push(value);
        }
        return items;
      }
      case 'ObjectExpression': {
        const object: Record<string, Static> = {};
        for (const property of node.properties as Node[]) {
          const key = property.key as Node | undefined;
          const name =
            key?.type === 'Identifier' ? key.name : key?.type === 'Literal' ? key.value : null;
          const plain =
            property.type === 'Property' &&
            property.kind === 'init' &&
            !property.computed &&
            !property.method &&
            typeof name === 'string';
          if (!plain) return NOT_STATIC;
          const value = this.evaluate(property.value as Node);
          if (value === NOT_STATIC) return NOT_STATIC;
          object[name] = value;
        }
        return object;
      }
      case 'CallExpression': {
        const args = this.isRawCall(node) ? this.arguments(node) : null;
        return args ? this.modules.css.raw(...args) : NOT_STATIC;
      }
      default:
        return NOT_STATIC;
    }
  }

  /** A call's arguments, if every one is static. */
  arguments(call: Node): Static[] | null {
    const args: Static[] = [];
    for (const arg of call.arguments as Node[]) {
      const value = this.evaluate(arg);
      if (value === NOT_STATIC) return null;
      args.push(value);
    }
    return args;
  }

  /** Whether the name of `css` is used but as a callee or in `css.raw`: a binding might shadow it. */
  cssUsedOtherwise(): boolean {
    let other = false;
    visit(this.program, (node, parent, key) => {
      if (node.type !== 'Identifier' || node.name !== this.cssName || !parent) return true;
      const fine =
        parent.type === 'ImportSpecifier' ||
        (parent.type === 'CallExpression' && key === 'callee') ||
        (parent.type === 'MemberExpression' && !parent.computed) ||
        (parent.type === 'Property' && key === 'key' && !parent.computed && !parent.shorthand);
      if (!fine) other = true;
      return true;
    });
    return other;
  }
}

/** The modules of one build: those transformed, and those read from disk for an import. */
export class Modules {
  private readonly scopes = new Map<string, ModuleScope | null>();
  constructor(readonly css: PandaCss) {}

  scope(file: string, code: string): ModuleScope {
    const scope = new ModuleScope(parse(file, code), file, this);
    this.scopes.set(file, scope);
    return scope;
  }

  exported(importer: string, from: string, name: string): Value {
    const base = resolve(dirname(importer), from);
    const file = ['.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((extension) => base + extension)
      .find((candidate) => existsSync(candidate));
    if (!file) return NOT_STATIC;
    if (!this.scopes.has(file)) {
      try {
        this.scope(file, readFileSync(file, 'utf8'));
      } catch {
        this.scopes.set(file, null);
      }
    }
    return this.scopes.get(file)?.lookup(name) ?? NOT_STATIC;
  }

  /**
   * `code` (the module `file`, compiled to JavaScript) with each written-out `css(...)` call
   * replaced by its class names, or null when there is none.
   */
  fold(file: string, code: string) {
    const scope = this.scope(`${file}.js`, code);
    const name = scope.cssName;
    if (name === null || scope.cssUsedOtherwise()) return null;
    const output = new MagicString(code);
    visit(scope.program, (node) => {
      const callee = node.callee as Node | undefined;
      if (node.type !== 'CallExpression') return true;
      // A `css.raw(...)` whose every use is folded below is left unused: marked pure, the bundler
      // drops it rather than run it at start-up.
      if (scope.isRawCall(node)) output.prependLeft(node.start, '/* @__PURE__ */ ');
      if (callee?.type !== 'Identifier' || callee.name !== name) return true;
      const args = scope.arguments(node);
      if (!args) return true;
      output.overwrite(node.start, node.end, JSON.stringify(this.css(...args)));
      return false;
    });
    if (!output.hasChanged()) return null;
    return { code: output.toString(), map: output.generateMap({ hires: true }) };
  }
}

export function pandaStaticCss(): Plugin {
  let modules: Modules;
  return {
    name: 'panda-static-css',
    apply: 'build',
    // After TypeScript and JSX are compiled away: what is parsed is plain JavaScript.
    enforce: 'post',
    async buildStart() {
      const runtime = (await import(PANDA_CSS_URL)) as { css: PandaCss };
      modules = new Modules(runtime.css);
    },
    transform: {
      filter: { id: /\/src\/.*\.tsx?$/, code: 'styled-system/css' },
      handler(code, id) {
        const result = modules.fold(id, code);
        return result && { code: result.code, map: result.map };
      },
    },
  };
}
