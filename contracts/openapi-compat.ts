// Checks that a Pact interaction is something openapi.yaml allows: the operation exists, the
// request's path, query, headers and body fit it, and the response status and body are declared.
// The pact's example values are what gets checked, so a contract cannot drift from the spec.
// It reads the contract through the server's own loader (server/src/openapi.ts): one parse and
// one set of compiled validators, so the check and the server cannot read the yaml differently.
import type { ErrorObject } from 'ajv';
import { loadOpenApi, type OpenApiContract } from '../server/src/openapi';

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

/** Ajv errors as `<what> <field> <message>`, e.g. "request body /quantity must be >= 1". */
function describe(what: string, errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map(
    (e) =>
      `${what}${e.instancePath || ''} ${e.message ?? 'is invalid'}${e.params && 'allowedValues' in e.params ? ` (${String(e.params.allowedValues)})` : ''}`,
  );
}

export class OpenApiCompat {
  constructor(private readonly contract: OpenApiContract) {}

  static fromFile(file: string): OpenApiCompat {
    return new OpenApiCompat(loadOpenApi(file));
  }

  /** Every operationId of the contract, with its method and path template. */
  operations(): MatchedOperation[] {
    return this.contract.operations.map((op) => ({
      operationId: op.operationId,
      template: op.path,
      method: op.method.toLowerCase(),
    }));
  }

  check(interaction: PactInteraction): CompatResult {
    const problems: string[] = [];
    const { request, response } = interaction;
    const matched = this.contract.match(request.method, request.path);
    if (matched.kind === 'not-found')
      return { problems: [`no path in openapi.yaml matches ${request.path}`] };
    if (matched.kind === 'method-not-allowed') {
      return {
        problems: [`${request.method} ${request.path} is not an operation of openapi.yaml`],
      };
    }
    const op = matched.operation;
    const operation = {
      operationId: op.operationId,
      template: op.path,
      method: op.method.toLowerCase(),
    };

    // A 400 VALIDATION_FAILED interaction exists to show a refused request: its request must
    // break the contract, otherwise the provider could only answer it by being wrong.
    const expectsInvalid =
      response.status === 400 &&
      isRecord(response.body?.content) &&
      response.body.content.code === 'VALIDATION_FAILED';
    const requestProblems: string[] = [];

    // The validators coerce strings to the schema's types in place: give them copies.
    if (op.validatePath && !op.validatePath({ ...matched.params })) {
      requestProblems.push(...describe('path parameter', op.validatePath.errors));
    }

    const queryIn = request.query ?? {};
    const query: Json = {};
    for (const [name, values] of Object.entries(queryIn)) {
      if (!op.queryNames.includes(name)) {
        problems.push(`query parameter ${name} is not declared for ${operation.operationId}`);
        continue;
      }
      query[name] = values[0];
    }
    if (op.validateQuery && !op.validateQuery(query)) {
      requestProblems.push(...describe('query parameter', op.validateQuery.errors));
    }

    problems.push(...this.checkHeaders(op.headerNames, op.securityHeaders, request.headers ?? {}));

    if (request.body?.content !== undefined) {
      const contentType = (request.body.contentType ?? 'application/json').split(';')[0] ?? '';
      const kind =
        contentType === 'application/json'
          ? 'json'
          : contentType === 'application/x-www-form-urlencoded'
            ? 'form'
            : null;
      if (!op.body || op.body.kind !== kind) {
        problems.push(`${operation.operationId} declares no ${contentType} request body`);
      } else if (!op.body.validate(request.body.content)) {
        requestProblems.push(...describe('request body', op.body.validate.errors));
      }
    } else if (op.body?.required) {
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

    problems.push(...this.checkResponse(op, response));
    return { operation, problems };
  }

  private checkHeaders(
    headerParams: string[],
    securityHeaders: string[],
    headers: Record<string, string[]>,
  ): string[] {
    const allowed = new Set([...headerParams, ...securityHeaders]);
    const problems: string[] = [];
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
    op: OpenApiContract['operations'][number],
    response: PactInteraction['response'],
  ): string[] {
    const key = String(response.status);
    // `default` is deliberately not enough: a consumer may rely only on the statuses an
    // operation names (the `default` answer documents failures no client plans for).
    const media = op.responseMedia.get(key);
    if (!media) return [`status ${response.status} is not declared for ${op.operationId}`];
    if (response.body?.content === undefined) {
      return media.length > 0 && response.status !== 204
        ? [`${op.operationId} ${response.status} declares a body but the interaction has none`]
        : [];
    }
    const contentType = (response.body.contentType ?? 'application/json').split(';')[0] ?? '';
    if (!media.includes(contentType)) {
      return [`${op.operationId} ${response.status} declares no ${contentType} body`];
    }
    const validate = op.responses.get(key)?.();
    if (!validate || validate(response.body.content)) return [];
    return describe(`response ${response.status} body`, validate.errors);
  }
}
