// The request's inputs, read and checked against the operation's contract before its handler
// runs: the body (size-capped), path parameters, query, headers and body schema. Each function
// throws the ApiError the client gets.
import type { IncomingMessage } from 'node:http';
import { ApiError, validationError } from './http-error';
import type { OpenApiContract, Operation } from './openapi';
import { decodeUtf8, textProblems, UTF8_MESSAGE } from './text-rules';

export const MAX_BODY_BYTES = 64 * 1024;
// Our bodies nest four levels at most. Deeper input is refused before anything recurses over it
// (the validator, JSON.stringify): 64 KB of brackets would otherwise exhaust the stack.
const MAX_JSON_DEPTH = 32;
// Past this we stop reading and drop the connection instead of draining a flood.
const MAX_DRAIN_BYTES = 16 * 1024 * 1024;

export interface RawBody {
  bytes: Buffer;
  tooLarge: boolean;
  aborted: boolean;
}

export function readBody(req: IncomingMessage): Promise<RawBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    let settled = false;
    const finish = (aborted: boolean): void => {
      if (settled) return;
      settled = true;
      resolve({ bytes: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge, aborted });
    };
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_DRAIN_BYTES) {
      tooLarge = true;
      req.resume();
      finish(false);
      return;
    }
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        tooLarge = true;
        chunks.length = 0;
      } else {
        chunks.push(chunk);
      }
      if (size > MAX_DRAIN_BYTES) {
        finish(false);
        req.destroy();
      }
    });
    req.on('end', () => finish(false));
    req.on('error', () => finish(true));
    req.on('close', () => finish(true));
  });
}

/** The nesting depth of a parsed JSON value, without recursion; stops counting past `limit`. */
function jsonDepthExceeds(value: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const top = stack.pop();
    if (!top || typeof top.value !== 'object' || top.value === null) continue;
    const depth = top.depth + 1;
    if (depth > limit) return true;
    for (const child of Object.values(top.value)) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth });
    }
  }
  return false;
}

export function payloadTooLarge(): ApiError {
  return new ApiError(
    413,
    'PAYLOAD_TOO_LARGE',
    `The request body is larger than ${MAX_BODY_BYTES / 1024} KB`,
  );
}

/** Sets a key on a null-safe record without ever reaching Object.prototype ("__proto__"). */
function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

export function checkedPathParams(
  contract: OpenApiContract,
  op: Operation,
  params: Record<string, unknown>,
): Record<string, unknown> {
  if (op.validatePath && !op.validatePath(params)) {
    throw validationError(contract.formatErrors(op.validatePath.errors, 'path'));
  }
  return params;
}

/** The query's first value of each key; an empty value means "not given" (search= from the menu). */
function parseQuery(search: string): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return query;
  }
  for (const [key, value] of params) {
    if (value === '' || Object.prototype.hasOwnProperty.call(query, key)) continue;
    setOwn(query, key, value);
  }
  return query;
}

export function checkedQuery(
  contract: OpenApiContract,
  op: Operation,
  search: string,
): Record<string, unknown> {
  const query = parseQuery(search);
  // Only the parameters the operation reads: anything else in the query is ignored anyway.
  const queryText = textProblems(
    Object.fromEntries(Object.entries(query).filter(([key]) => op.queryNames.includes(key))),
  );
  if (Object.keys(queryText).length > 0) throw validationError(queryText);
  if (op.validateQuery && !op.validateQuery(query)) {
    throw validationError(contract.formatErrors(op.validateQuery.errors, 'query'));
  }
  return query;
}

export function checkHeaders(
  contract: OpenApiContract,
  op: Operation,
  header: (name: string) => string | undefined,
): void {
  if (!op.validateHeaders) return;
  const headers: Record<string, unknown> = {};
  for (const name of op.headerNames) {
    const value = header(name);
    if (value !== undefined) headers[name] = value;
  }
  if (!op.validateHeaders(headers))
    throw validationError(contract.formatErrors(op.validateHeaders.errors, 'headers'));
}

function parseJsonBody(bytes: Buffer, type: string): unknown {
  if (type !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(type)) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The request body must be application/json');
  }
  const text = decodeUtf8(bytes);
  if (text === null) throw validationError({ body: UTF8_MESSAGE });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw validationError({ body: 'Malformed JSON' }, 'The request body is not valid JSON');
  }
  if (jsonDepthExceeds(body, MAX_JSON_DEPTH)) {
    throw validationError(
      { body: `Nested deeper than ${MAX_JSON_DEPTH} levels` },
      'The request body is nested too deeply',
    );
  }
  return body;
}

function parseFormBody(bytes: Buffer, type: string): Record<string, string> {
  if (type !== 'application/x-www-form-urlencoded') {
    throw new ApiError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'The request body must be application/x-www-form-urlencoded',
    );
  }
  const form: Record<string, string> = {};
  const text = decodeUtf8(bytes);
  if (text === null) throw validationError({ body: UTF8_MESSAGE });
  for (const [key, value] of new URLSearchParams(text)) {
    if (!Object.prototype.hasOwnProperty.call(form, key)) setOwn(form, key, value);
  }
  return form;
}

/** The body as the operation takes it (JSON or form), checked against its schema. */
export function checkedBody(
  contract: OpenApiContract,
  op: Operation,
  raw: RawBody,
  contentType: string | undefined,
): unknown {
  if (!op.body) return undefined;
  if (raw.bytes.length === 0) {
    if (op.body.required) throw validationError({ body: 'Request body is required' });
    return undefined;
  }
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const body =
    op.body.kind === 'json' ? parseJsonBody(raw.bytes, type) : parseFormBody(raw.bytes, type);
  // Before the schema: a control character or lone surrogate is its own field message.
  const textFields = textProblems(body);
  if (Object.keys(textFields).length > 0) throw validationError(textFields);
  if (!op.body.validate(body))
    throw validationError(contract.formatErrors(op.body.validate.errors, 'body'));
  return body;
}
