// Checks that a Pact interaction is something openapi.yaml allows: the operation exists, the
// request's path, query, headers and body fit it, and the response status and body are declared.
// The pact's example values are what gets checked, so a contract cannot drift from the spec.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import { parse } from 'yaml';

// ajv-formats is CommonJS with `exports.default`; under Node's ESM interop the namespace's
// default can be the module object itself.
type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats: AddFormats =
  (addFormatsImport as unknown as { default?: AddFormats }).default ??
  (addFormatsImport as unknown as AddFormats);

const DOC_ID = 'openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

type Json = Record<string, unknown>;

export interface PactInteraction {
  description: string;
  providerStates?: { name: string; params?: Json }[];
  request: {
    method: string;
    path: string;
    query?: Record<string, string[]>;
    headers?: Record<string, string[]>;
    body?: { content?: unknown; contentType?: string };
  };
  response: {
    status: number;
    headers?: Record<string, string[]>;
    body?: { content?: unknown; contentType?: string };
  };
}

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: Json;
  pointer: string;
}

export interface MatchedOperation {
  operationId: string;
  template: string;
  method: string;
}

export interface CompatResult {
  operation?: MatchedOperation;
  problems: string[];
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export class OpenApiCompat {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly doc: Json) {
    this.ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(this.ajv);
    this.ajv.addFormat('int64', {
      type: 'number',
      validate: (n: number) => Number.isSafeInteger(n),
    });
    // The whole document is one schema resource, so every $ref ('#/components/...') resolves.
    this.ajv.addSchema(doc, DOC_ID);
  }

  static fromFile(file: string): OpenApiCompat {
    return new OpenApiCompat(parse(readFileSync(file, 'utf8')) as Json);
  }

  /** Every operationId of the contract, with its method and path template. */
  operations(): MatchedOperation[] {
    const found: MatchedOperation[] = [];
    for (const [template, item] of Object.entries(this.paths())) {
      for (const method of METHODS) {
        const op = isRecord(item) ? item[method] : undefined;
        if (isRecord(op) && typeof op.operationId === 'string') {
          found.push({ operationId: op.operationId, template, method });
        }
      }
    }
    return found;
  }

  check(interaction: PactInteraction): CompatResult {
    const problems: string[] = [];
    const { request, response } = interaction;
    const method = request.method.toLowerCase();
    const match = this.matchPath(request.path);
    if (!match) return { problems: [`no path in openapi.yaml matches ${request.path}`] };
    const pathItem = this.paths()[match.template];
    const op = isRecord(pathItem) ? pathItem[method] : undefined;
    if (!isRecord(op) || typeof op.operationId !== 'string') {
      return {
        problems: [`${request.method} ${match.template} is not an operation of openapi.yaml`],
      };
    }
    const opPointer = `#/paths/${escapePointer(match.template)}/${method}`;
    const operation = { operationId: op.operationId, template: match.template, method };
    const parameters = this.parameters(match.template, method);

    // A 400 VALIDATION_FAILED interaction exists to show a refused request: its request must
    // break the contract, otherwise the provider could only answer it by being wrong.
    const expectsInvalid =
      response.status === 400 &&
      isRecord(response.body?.content) &&
      response.body.content.code === 'VALIDATION_FAILED';
    const requestProblems: string[] = [];

    for (const param of parameters.filter((p) => p.in === 'path')) {
      const raw = match.params[param.name];
      if (raw === undefined) {
        problems.push(`path parameter ${param.name} is missing`);
        continue;
      }
      requestProblems.push(...this.validateParam(param, raw));
    }

    const query = request.query ?? {};
    for (const [name, values] of Object.entries(query)) {
      const param = parameters.find((p) => p.in === 'query' && p.name === name);
      if (!param) {
        problems.push(`query parameter ${name} is not declared for ${operation.operationId}`);
        continue;
      }
      for (const value of values) requestProblems.push(...this.validateParam(param, value));
    }
    for (const param of parameters.filter((p) => p.in === 'query' && p.required)) {
      if (!(param.name in query))
        requestProblems.push(`required query parameter ${param.name} is missing`);
    }

    problems.push(...this.checkHeaders(op, parameters, request.headers ?? {}));

    const requestBody = this.resolve(op.requestBody, `${opPointer}/requestBody`);
    if (request.body?.content !== undefined) {
      const contentType = (request.body.contentType ?? 'application/json').split(';')[0] ?? '';
      const content = isRecord(requestBody?.value.content) ? requestBody.value.content : undefined;
      if (!requestBody || !content || !isRecord(content[contentType])) {
        problems.push(`${operation.operationId} declares no ${contentType} request body`);
      } else {
        requestProblems.push(
          ...this.validate(
            `${requestBody.pointer}/content/${escapePointer(contentType)}/schema`,
            request.body.content,
            'request body',
          ),
        );
      }
    } else if (requestBody?.value.required === true) {
      requestProblems.push(`${operation.operationId} requires a request body`);
    }

    if (expectsInvalid) {
      if (requestProblems.length === 0) {
        problems.push(
          'a 400 VALIDATION_FAILED interaction sends a request that the contract allows',
        );
      }
    } else {
      problems.push(...requestProblems);
    }

    problems.push(...this.checkResponse(op, opPointer, operation.operationId, response));
    return { operation, problems };
  }

  private paths(): Json {
    return isRecord(this.doc.paths) ? this.doc.paths : {};
  }

  private matchPath(
    path: string,
  ): { template: string; params: Record<string, string> } | undefined {
    const candidates = Object.keys(this.paths())
      .map((template) => {
        const names: string[] = [];
        const pattern = template
          .split('/')
          .map((segment) => {
            const param = /^\{(.+)\}$/.exec(segment);
            if (param?.[1]) {
              names.push(param[1]);
              return '([^/]+)';
            }
            return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          })
          .join('/');
        const found = new RegExp(`^${pattern}$`).exec(path);
        if (!found) return undefined;
        const params: Record<string, string> = {};
        names.forEach((name, i) => {
          params[name] = decodeURIComponent(found[i + 1] ?? '');
        });
        return { template, params, literal: names.length === 0 };
      })
      .filter((c) => c !== undefined);
    // A literal path (/products/search) wins over a templated one (/products/{id}).
    return candidates.find((c) => c.literal) ?? candidates[0];
  }

  /** Resolves an OpenAPI `$ref` (parameters, responses, request bodies) inside the document. */
  private resolve(value: unknown, pointer: string): { value: Json; pointer: string } | undefined {
    if (!isRecord(value)) return undefined;
    if (typeof value.$ref === 'string' && value.$ref.startsWith('#/')) {
      const target = value.$ref
        .slice(2)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), this.doc);
      return this.resolve(target, value.$ref);
    }
    return { value, pointer };
  }

  private parameters(template: string, method: string): Parameter[] {
    const base = `#/paths/${escapePointer(template)}`;
    const item = this.paths()[template];
    const collect = (list: unknown, pointer: string): Parameter[] =>
      Array.isArray(list)
        ? list.flatMap((entry, i) => {
            const resolved = this.resolve(entry, `${pointer}/${i}`);
            return resolved
              ? [{ ...(resolved.value as unknown as Parameter), pointer: resolved.pointer }]
              : [];
          })
        : [];
    const op = isRecord(item) ? item[method] : undefined;
    const fromItem = collect(isRecord(item) ? item.parameters : undefined, `${base}/parameters`);
    const fromOp = collect(
      isRecord(op) ? op.parameters : undefined,
      `${base}/${method}/parameters`,
    );
    // Operation parameters override path-item ones with the same name and location.
    return [
      ...fromItem.filter((p) => !fromOp.some((o) => o.name === p.name && o.in === p.in)),
      ...fromOp,
    ];
  }

  /** Query, path and header values are strings on the wire; read them as the schema's type. */
  private validateParam(param: Parameter, raw: string): string[] {
    const schema = this.resolveSchema(param.schema);
    const type = schema?.type;
    let value: unknown = raw;
    if (type === 'integer' || type === 'number') value = raw.trim() === '' ? raw : Number(raw);
    if (type === 'boolean') value = raw === 'true' ? true : raw === 'false' ? false : raw;
    return this.validate(`${param.pointer}/schema`, value, `${param.in} parameter ${param.name}`);
  }

  private resolveSchema(schema: unknown): Json | undefined {
    return this.resolve(schema, '')?.value;
  }

  private checkHeaders(
    op: Json,
    parameters: Parameter[],
    headers: Record<string, string[]>,
  ): string[] {
    const problems: string[] = [];
    const security = Array.isArray(op.security) ? op.security : this.doc.security;
    const schemes =
      isRecord(this.doc.components) && isRecord(this.doc.components.securitySchemes)
        ? this.doc.components.securitySchemes
        : {};
    const allowed = new Set<string>();
    for (const requirement of Array.isArray(security) ? security : []) {
      if (!isRecord(requirement)) continue;
      for (const name of Object.keys(requirement)) {
        const scheme = schemes[name];
        if (isRecord(scheme) && scheme.type === 'apiKey' && scheme.in === 'header') {
          allowed.add(String(scheme.name).toLowerCase());
        }
      }
    }
    for (const param of parameters.filter((p) => p.in === 'header'))
      allowed.add(param.name.toLowerCase());
    for (const name of Object.keys(headers)) {
      const lower = name.toLowerCase();
      // The client sends its bearer token to every API call; public operations ignore it.
      if (lower === 'authorization' || lower === 'content-type' || lower === 'accept') continue;
      if (lower.startsWith('x-') && !allowed.has(lower)) {
        problems.push(
          `header ${name} is not a declared parameter or security scheme of this operation`,
        );
      }
    }
    return problems;
  }

  private checkResponse(
    op: Json,
    opPointer: string,
    operationId: string,
    response: PactInteraction['response'],
  ): string[] {
    const responses = isRecord(op.responses) ? op.responses : {};
    const key = String(response.status);
    // `default` is deliberately not enough: a consumer may rely only on the statuses an
    // operation names (the `default` answer documents failures no client plans for).
    const declared = this.resolve(responses[key], `${opPointer}/responses/${escapePointer(key)}`);
    if (!declared) return [`status ${response.status} is not declared for ${operationId}`];
    const content = isRecord(declared.value.content) ? declared.value.content : undefined;
    if (response.body?.content === undefined) {
      return content && Object.keys(content).length > 0 && response.status !== 204
        ? [`${operationId} ${response.status} declares a body but the interaction has none`]
        : [];
    }
    const contentType = (response.body.contentType ?? 'application/json').split(';')[0] ?? '';
    if (!content || !isRecord(content[contentType])) {
      return [`${operationId} ${response.status} declares no ${contentType} body`];
    }
    return this.validate(
      `${declared.pointer}/content/${escapePointer(contentType)}/schema`,
      response.body.content,
      `response ${response.status} body`,
    );
  }

  private validate(pointer: string, value: unknown, what: string): string[] {
    let validator = this.validators.get(pointer);
    if (!validator) {
      validator = this.ajv.compile({ $ref: `${DOC_ID}${pointer}` });
      this.validators.set(pointer, validator);
    }
    if (validator(value)) return [];
    return (validator.errors ?? []).map(
      (e) =>
        `${what}${e.instancePath || ''} ${e.message ?? 'is invalid'}${e.params && 'allowedValues' in e.params ? ` (${String(e.params.allowedValues)})` : ''}`,
    );
  }
}
