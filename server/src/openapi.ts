// Reads openapi.yaml and turns it into a router and Ajv validators: the contract is the only
// description of the API the server has, so a request the yaml forbids never reaches a handler.
// The one loader: the server, the Pact compatibility check (contracts/openapi-compat.ts) and the
// fuzz test all read the parsed document and the compiled validators from here, once per process.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse as parseYaml } from 'yaml';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEFAULT_OPENAPI_FILE = resolve(repoRoot, 'contract', 'openapi.yaml');

const SPEC_ID = 'https://api.lumen-roastery.test/openapi.json';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

type BodyKind = 'json' | 'form';

interface SecurityInfo {
  /** Public operations ignore every credential. */
  public: boolean;
  bearer: boolean;
  cartToken: boolean;
  orderToken: boolean;
  /** The `{}` alternative: anonymous callers are allowed. */
  anonymous: boolean;
}

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  security: SecurityInfo;
  body: { kind: BodyKind; required: boolean; validate: ValidateFunction } | null;
  validatePath: ValidateFunction | null;
  validateQuery: ValidateFunction | null;
  validateHeaders: ValidateFunction | null;
  /** Header parameter names (lower-case) the operation declares. */
  headerNames: string[];
  /** Query parameter names the operation declares. */
  queryNames: string[];
  /** Header names (lower-case) its security schemes read, e.g. x-cart-token. */
  securityHeaders: string[];
  /** The media types each documented status declares (empty: no body). */
  responseMedia: Map<string, string[]>;
  /** JSON response validators by status code (null: no JSON body documented), compiled on first use. */
  responses: Map<string, () => ValidateFunction | null>;
}

type RouteMatch =
  | { kind: 'found'; operation: Operation; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

export interface OpenApiContract {
  operations: Operation[];
  operationIds: string[];
  match(method: string, path: string): RouteMatch;
  /** Null when valid, else a short description of the mismatch (used by tests). */
  checkResponse(operationId: string, status: number, body: unknown): string | null;
  /** Ajv errors as `{ 'shippingAddress.postalCode': 'Postal Code is required' }`; `rootName` names the value itself. */
  formatErrors(errors: readonly ErrorObject[] | null | undefined, rootName: string): FieldErrors;
}

interface Route {
  template: string;
  segments: { literal: string | null; name: string | null }[];
  operations: Map<string, Operation>;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Rewrites `#/components/schemas/X` into absolute refs into the one schema registered with Ajv. */
function rewriteRefs(value: Json): Json {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
      out[key] = `${SPEC_ID}#/$defs/${child.slice('#/components/schemas/'.length)}`;
    } else {
      out[key] = rewriteRefs(child);
    }
  }
  return out;
}

/** Follows `#/components/<kind>/<name>` refs for parameters, request bodies and responses. */
function derefComponent(doc: JsonObject, value: Json | undefined): Json | undefined {
  let current = value;
  for (
    let guard = 0;
    guard < 10 && isObject(current) && typeof current.$ref === 'string';
    guard += 1
  ) {
    const parts = current.$ref.replace(/^#\//, '').split('/');
    let target: Json | undefined = doc;
    for (const part of parts)
      target = isObject(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    current = target;
  }
  return current;
}

type AjvInstance = InstanceType<typeof Ajv2020>;

// ajv-formats is CommonJS; depending on the loader the plugin is the default export or its `.default`.
type FormatsPlugin = (ajv: AjvInstance) => AjvInstance;
const addFormats: FormatsPlugin =
  (addFormatsModule as unknown as { default?: FormatsPlugin }).default ??
  (addFormatsModule as unknown as FormatsPlugin);

function newAjv(defs: JsonObject, options: { coerce: boolean }): AjvInstance {
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    strict: false,
    coerceTypes: options.coerce,
    useDefaults: options.coerce,
    removeAdditional: false,
    validateFormats: true,
    // Shared component schemas compile once instead of being inlined into every operation.
    inlineRefs: false,
  });
  addFormats(ajv);
  // OpenAPI's numeric and informational formats.
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31,
  });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  ajv.addFormat('float', { type: 'number', validate: () => true });
  ajv.addFormat('double', { type: 'number', validate: () => true });
  ajv.addFormat('password', true);
  ajv.addKeyword({ keyword: 'x-messages', schemaType: 'object' });
  ajv.addKeyword({ keyword: 'x-message', schemaType: 'string' });
  ajv.addSchema({ $id: SPEC_ID, $defs: defs });
  return ajv;
}

function securityHeadersOf(doc: JsonObject, op: JsonObject): string[] {
  const requirements = (op.security ?? doc.security ?? []) as Json;
  const components = isObject(doc.components) ? doc.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const names = new Set<string>();
  for (const requirement of Array.isArray(requirements) ? requirements : []) {
    if (!isObject(requirement)) continue;
    for (const name of Object.keys(requirement)) {
      const scheme = schemes[name];
      if (isObject(scheme) && scheme.type === 'apiKey' && scheme.in === 'header')
        names.add(String(scheme.name).toLowerCase());
    }
  }
  return [...names];
}

function securityOf(doc: JsonObject, op: JsonObject): SecurityInfo {
  const requirements = (op.security ?? doc.security ?? []) as Json;
  const info: SecurityInfo = {
    public: true,
    bearer: false,
    cartToken: false,
    orderToken: false,
    anonymous: false,
  };
  if (!Array.isArray(requirements) || requirements.length === 0) return info;
  info.public = false;
  for (const requirement of requirements) {
    if (!isObject(requirement)) continue;
    const names = Object.keys(requirement);
    if (names.length === 0) info.anonymous = true;
    if (names.includes('bearerAuth')) info.bearer = true;
    if (names.includes('cartToken')) info.cartToken = true;
    if (names.includes('orderToken')) info.orderToken = true;
  }
  return info;
}

function parameterSchema(
  params: JsonObject[],
  location: 'path' | 'query' | 'header',
): JsonObject | null {
  const selected = params.filter((p) => p.in === location);
  if (selected.length === 0) return null;
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const p of selected) {
    const name = String(p.name);
    const key = location === 'header' ? name.toLowerCase() : name;
    properties[key] = rewriteRefs(p.schema ?? {});
    if (p.required === true || location === 'path') required.push(key);
  }
  return { type: 'object', properties, required };
}

const compiledBySource = new WeakMap<AjvInstance, Map<string, ValidateFunction>>();

function compileOrThrow(ajv: AjvInstance, schema: JsonObject, where: string): ValidateFunction {
  // Many operations share a schema (every 400 is the Error body): compile each distinct one once.
  const source = JSON.stringify(schema);
  let cache = compiledBySource.get(ajv);
  if (!cache) {
    cache = new Map();
    compiledBySource.set(ajv, cache);
  }
  const cached = cache.get(source);
  if (cached) return cached;
  try {
    const compiled = ajv.compile(schema);
    cache.set(source, compiled);
    return compiled;
  } catch (error) {
    throw new Error(
      `openapi.yaml: cannot compile the schema of ${where}: ${(error as Error).message}`,
    );
  }
}

const documents = new Map<string, JsonObject>();
const contracts = new Map<string, OpenApiContract>();

/** openapi.yaml parsed, once per file per process. Treat it as read-only: it is shared. */
export function readOpenApiDocument(file: string = DEFAULT_OPENAPI_FILE): JsonObject {
  const key = resolve(file);
  let doc = documents.get(key);
  if (!doc) {
    doc = parseYaml(readFileSync(key, 'utf8')) as JsonObject;
    documents.set(key, doc);
  }
  return doc;
}

/** The router and validators of openapi.yaml, compiled once per file per process and shared. */
export function loadOpenApi(file: string = DEFAULT_OPENAPI_FILE): OpenApiContract {
  const key = resolve(file);
  let contract = contracts.get(key);
  if (!contract) {
    contract = compileOpenApi(readOpenApiDocument(key));
    contracts.set(key, contract);
  }
  return contract;
}

function compileOpenApi(doc: JsonObject): OpenApiContract {
  const components = isObject(doc.components) ? doc.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const defs = rewriteRefs(schemas) as JsonObject;
  const paramAjv = newAjv(defs, { coerce: true });
  const bodyAjv = newAjv(defs, { coerce: false });

  const routes: Route[] = [];
  const operations: Operation[] = [];
  const byId = new Map<string, Operation>();
  const paths = isObject(doc.paths) ? doc.paths : {};

  for (const [template, pathItemRaw] of Object.entries(paths)) {
    const pathItem = derefComponent(doc, pathItemRaw);
    if (!isObject(pathItem)) continue;
    const route: Route = {
      template,
      segments: template
        .split('/')
        .slice(1)
        .map((segment) => {
          const m = /^\{([^}]+)\}$/.exec(segment);
          return m ? { literal: null, name: m[1] ?? '' } : { literal: segment, name: null };
        }),
      operations: new Map(),
    };
    const sharedParams = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
    for (const method of HTTP_METHODS) {
      const opRaw = pathItem[method];
      if (!isObject(opRaw)) continue;
      const operationId = typeof opRaw.operationId === 'string' ? opRaw.operationId : null;
      if (!operationId)
        throw new Error(`openapi.yaml: ${method.toUpperCase()} ${template} has no operationId`);
      const where = `${operationId} (${method.toUpperCase()} ${template})`;
      // Operation-level parameters override path-level ones with the same name and location.
      const merged = new Map<string, JsonObject>();
      for (const raw of [
        ...sharedParams,
        ...(Array.isArray(opRaw.parameters) ? opRaw.parameters : []),
      ]) {
        const p = derefComponent(doc, raw);
        if (isObject(p)) merged.set(`${String(p.in)}:${String(p.name)}`, p);
      }
      const params = [...merged.values()];
      const pathSchema = parameterSchema(params, 'path');
      const querySchema = parameterSchema(params, 'query');
      const headerSchema = parameterSchema(params, 'header');

      let body: Operation['body'] = null;
      const requestBody = derefComponent(doc, opRaw.requestBody);
      if (isObject(requestBody) && isObject(requestBody.content)) {
        const content = requestBody.content;
        const kind: BodyKind | null = isObject(content['application/json'])
          ? 'json'
          : isObject(content['application/x-www-form-urlencoded'])
            ? 'form'
            : null;
        if (!kind)
          throw new Error(`openapi.yaml: ${where} has a request body type the server cannot read`);
        const media = content[
          kind === 'json' ? 'application/json' : 'application/x-www-form-urlencoded'
        ] as JsonObject;
        const schema = rewriteRefs(media.schema ?? {}) as JsonObject;
        body = {
          kind,
          required: requestBody.required === true,
          validate: compileOrThrow(bodyAjv, schema, `${where} request body`),
        };
      }

      // Response schemas are compiled on first use: only tests check answers against them.
      const responses = new Map<string, () => ValidateFunction | null>();
      const responseMedia = new Map<string, string[]>();
      if (isObject(opRaw.responses)) {
        for (const [status, responseRaw] of Object.entries(opRaw.responses)) {
          const response = derefComponent(doc, responseRaw);
          responseMedia.set(
            status,
            isObject(response) && isObject(response.content) ? Object.keys(response.content) : [],
          );
          const media =
            isObject(response) && isObject(response.content)
              ? response.content['application/json']
              : undefined;
          let compiled: ValidateFunction | null | undefined;
          responses.set(status, () => {
            if (compiled === undefined) {
              compiled =
                isObject(media) && media.schema !== undefined
                  ? compileOrThrow(
                      bodyAjv,
                      rewriteRefs(media.schema) as JsonObject,
                      `${where} response ${status}`,
                    )
                  : null;
            }
            return compiled;
          });
        }
      }

      const operation: Operation = {
        operationId,
        method: method.toUpperCase(),
        path: template,
        security: securityOf(doc, opRaw),
        body,
        validatePath: pathSchema
          ? compileOrThrow(paramAjv, pathSchema, `${where} path parameters`)
          : null,
        validateQuery: querySchema
          ? compileOrThrow(paramAjv, querySchema, `${where} query parameters`)
          : null,
        validateHeaders: headerSchema
          ? compileOrThrow(paramAjv, headerSchema, `${where} headers`)
          : null,
        headerNames: params
          .filter((p) => p.in === 'header')
          .map((p) => String(p.name).toLowerCase()),
        queryNames: params.filter((p) => p.in === 'query').map((p) => String(p.name)),
        securityHeaders: securityHeadersOf(doc, opRaw),
        responses,
        responseMedia,
      };
      if (byId.has(operationId))
        throw new Error(`openapi.yaml: duplicate operationId ${operationId}`);
      byId.set(operationId, operation);
      operations.push(operation);
      route.operations.set(operation.method, operation);
    }
    routes.push(route);
  }

  // Literal segments beat templates position by position (/products/search before /products/{id}).
  routes.sort((a, b) => {
    const n = Math.min(a.segments.length, b.segments.length);
    for (let i = 0; i < n; i += 1) {
      const la = a.segments[i]?.literal !== null;
      const lb = b.segments[i]?.literal !== null;
      if (la !== lb) return la ? -1 : 1;
    }
    return a.segments.length - b.segments.length;
  });

  function match(method: string, path: string): RouteMatch {
    const segments = path.split('/').slice(1);
    for (const route of routes) {
      if (route.segments.length !== segments.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < segments.length; i += 1) {
        const want = route.segments[i];
        const got = segments[i] ?? '';
        if (!want) {
          ok = false;
          break;
        }
        if (want.literal !== null) {
          if (want.literal !== got) {
            ok = false;
            break;
          }
        } else {
          if (got === '') {
            ok = false;
            break;
          }
          let decoded: string;
          try {
            decoded = decodeURIComponent(got);
          } catch {
            decoded = got;
          }
          params[want.name ?? ''] = decoded;
        }
      }
      if (!ok) continue;
      const operation = route.operations.get(method.toUpperCase());
      if (operation) return { kind: 'found', operation, params };
      return { kind: 'method-not-allowed', allow: [...route.operations.keys()] };
    }
    return { kind: 'not-found' };
  }

  function checkResponse(operationId: string, status: number, body: unknown): string | null {
    const operation = byId.get(operationId);
    if (!operation) return `unknown operation ${operationId}`;
    const key = String(status);
    const wildcard = `${key[0] ?? ''}XX`;
    if (
      !operation.responses.has(key) &&
      !operation.responses.has(wildcard) &&
      !operation.responses.has('default')
    ) {
      return `${operationId}: status ${status} is not documented`;
    }
    const validate = (
      operation.responses.get(key) ??
      operation.responses.get(wildcard) ??
      operation.responses.get('default')
    )?.();
    if (!validate) return null;
    if (validate(body)) return null;
    return `${operationId} ${status}: ${JSON.stringify(validate.errors?.slice(0, 5).map((e) => `${e.instancePath} ${e.message ?? ''}`))}`;
  }

  return {
    operations,
    operationIds: operations.map((o) => o.operationId),
    match,
    checkResponse,
    formatErrors: (errors, rootName) => formatErrors(errors, rootName, defs),
  };
}

// ---------------------------------------------------------------------------------------------
// Validation errors → one human message per field path.

function fieldPath(instancePath: string, child?: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  let out = '';
  for (const part of parts) {
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out;
}

function messagesOf(schema: unknown): Record<string, unknown> | null {
  if (!isObject(schema)) return null;
  const messages = schema['x-messages'];
  return isObject(messages) ? messages : null;
}

/** Ajv keeps refs unresolved in parentSchema; this resolves our absolute component refs. */
function resolveSchemaRef(schema: unknown, defs: JsonObject): unknown {
  let current = schema;
  for (
    let guard = 0;
    guard < 10 && isObject(current) && typeof current.$ref === 'string';
    guard += 1
  ) {
    const ref = current.$ref;
    const prefix = `${SPEC_ID}#/$defs/`;
    if (!ref.startsWith(prefix)) break;
    current = defs[ref.slice(prefix.length)];
  }
  return current;
}

function customMessage(schema: unknown, keyword: string, defs: JsonObject): string | null {
  const resolved = resolveSchemaRef(schema, defs);
  for (const candidate of [schema, resolved]) {
    const messages = messagesOf(candidate);
    const m = messages?.[keyword];
    if (typeof m === 'string') return m;
    if (isObject(candidate) && typeof candidate['x-message'] === 'string')
      return candidate['x-message'];
  }
  return null;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function genericMessage(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'This field is required';
    case 'type': {
      const types = String(p.type ?? '')
        .split(',')
        .filter((t) => t !== 'null');
      const text = types.map(article).join(' or ');
      return `Must be ${text || 'a valid value'}`;
    }
    case 'minLength':
      return Number(p.limit) === 1
        ? 'Must not be empty'
        : `Must be at least ${String(p.limit)} characters`;
    case 'maxLength':
      return `Must be at most ${String(p.limit)} characters`;
    case 'minimum':
      return `Must be at least ${String(p.limit)}`;
    case 'maximum':
      return `Must be at most ${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `Must be greater than ${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `Must be less than ${String(p.limit)}`;
    case 'minItems':
      return `Must have at least ${String(p.limit)} item${Number(p.limit) === 1 ? '' : 's'}`;
    case 'maxItems':
      return `Must have at most ${String(p.limit)} items`;
    case 'minProperties':
      return 'At least one field is required';
    case 'enum':
      return `Must be one of: ${(Array.isArray(p.allowedValues) ? p.allowedValues : []).map(String).join(', ')}`;
    case 'const':
      return `Must be ${JSON.stringify(p.allowedValue)}`;
    case 'pattern':
      return 'Has an invalid format';
    case 'format':
      if (p.format === 'email') return 'Invalid email';
      if (p.format === 'uri') return 'Must be a valid URL';
      if (p.format === 'date-time') return 'Must be a date and time';
      return `Must be a valid ${String(p.format)}`;
    case 'additionalProperties':
      return 'Is not allowed';
    default: {
      const text = error.message ?? 'Is invalid';
      return text.charAt(0).toUpperCase() + text.slice(1);
    }
  }
}

// When one field fails several rules the most basic one speaks (a missing value before its length).
const KEYWORD_RANK: Record<string, number> = {
  required: 0,
  type: 1,
  enum: 2,
  const: 2,
  pattern: 3,
  format: 3,
  minLength: 4,
  maxLength: 4,
  minimum: 4,
  maximum: 4,
  exclusiveMinimum: 4,
  exclusiveMaximum: 4,
  minItems: 4,
  maxItems: 4,
};

interface FieldErrors {
  [field: string]: string;
}

function formatErrors(
  errors: readonly ErrorObject[] | null | undefined,
  rootName: string,
  defs: JsonObject,
): FieldErrors {
  const best = new Map<string, { rank: number; message: string }>();
  for (const error of errors ?? []) {
    // Composite keywords repeat what their branches already said.
    if (['oneOf', 'anyOf', 'allOf', 'if', 'then', 'else', 'not', '$ref'].includes(error.keyword))
      continue;
    const p = error.params as Record<string, unknown>;
    let field: string;
    let message: string | null;
    if (error.keyword === 'required') {
      const missing = String(p.missingProperty ?? '');
      field = fieldPath(error.instancePath, missing);
      const parent = resolveSchemaRef(error.parentSchema, defs);
      const properties = isObject(parent) && isObject(parent.properties) ? parent.properties : {};
      message = customMessage(properties[missing], 'required', defs);
    } else if (error.keyword === 'additionalProperties') {
      field = fieldPath(error.instancePath, String(p.additionalProperty ?? ''));
      message = null;
    } else {
      field = fieldPath(error.instancePath);
      message = customMessage(error.parentSchema, error.keyword, defs);
    }
    if (field === '') field = rootName;
    const rank = KEYWORD_RANK[error.keyword] ?? 5;
    const current = best.get(field);
    if (!current || rank < current.rank) {
      best.set(field, { rank, message: message ?? genericMessage(error) });
    }
  }
  const out: FieldErrors = {};
  for (const [field, { message }] of best) out[field] = message;
  return out;
}
