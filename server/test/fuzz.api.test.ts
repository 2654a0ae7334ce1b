// Malformed requests against every operation of openapi.yaml: the server must answer each with a
// 4xx (or a 2xx when the mutation happens to be valid), never a 5xx, and keep serving afterwards.
// The mix includes nesting depth and size extremes (deep arrays and objects, bodies either side of
// the 64 KB limit, wide objects, long arrays) and HEAD on every GET.
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../src/app';
import { signToken } from '../src/auth';
import { readOpenApiDocument } from '../src/openapi';
import { login, signup, startTestServer, type TestServer } from './test-server';

/**
 * How many malformed requests: FUZZ_REQUESTS, 1,500 by default (the gate); the nightly run sets
 * 10000. Every operation is hit either way (requests cycle through them).
 */
const REQUESTS = fuzzRequests(process.env.FUZZ_REQUESTS);
const CONCURRENCY = 8;
const SEED = 0x5eed_c0ff;

function fuzzRequests(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1_500;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 500) {
    throw new Error(`FUZZ_REQUESTS must be a whole number of at least 500, not "${value}"`);
  }
  return count;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, unknown>;

/** mulberry32: small, fast and reproducible. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The document the server itself compiled (one loader for server, contract check and fuzz).
const doc = readOpenApiDocument() as unknown as {
  paths: Record<string, Record<string, Schema>>;
  components: { schemas: Record<string, Schema>; parameters: Record<string, Schema> };
};

function deref(schema: unknown): Schema {
  let current = schema as Schema;
  for (let i = 0; i < 10 && typeof current?.$ref === 'string'; i += 1) {
    const name = (current.$ref as string).split('/').pop() ?? '';
    const ref = current.$ref as string;
    current =
      (ref.includes('/parameters/')
        ? doc.components.parameters[name]
        : doc.components.schemas[name]) ?? {};
  }
  return current ?? {};
}

/** A plausible valid instance of a schema, from its examples, enum, default and bounds. */
function sample(schemaIn: unknown, depth = 0): Json {
  const schema = deref(schemaIn);
  if (depth > 8) return null;
  if (Array.isArray(schema.allOf)) {
    const merged: Record<string, Json> = {};
    for (const part of schema.allOf)
      Object.assign(merged, sample(part, depth + 1) as Record<string, Json>);
    return merged;
  }
  if (Array.isArray(schema.oneOf)) return sample(schema.oneOf[0], depth + 1);
  if (Array.isArray(schema.examples) && schema.examples.length > 0)
    return schema.examples[0] as Json;
  if (Array.isArray(schema.enum)) return schema.enum[0] as Json;
  if (schema.default !== undefined) return schema.default as Json;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [key, value] of Object.entries(
        (schema.properties ?? {}) as Record<string, unknown>,
      )) {
        out[key] = sample(value, depth + 1);
      }
      return out;
    }
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'email') return 'fuzz@lumen.test';
      if (schema.format === 'uri') return 'http://localhost:5173/auth/callback';
      if (schema.format === 'date-time') return new Date().toISOString();
      return 'a'.repeat(Math.max(8, Number(schema.minLength ?? 0)));
    default:
      return null;
  }
}

interface OperationInfo {
  operationId: string;
  method: string;
  path: string;
  pathParams: string[];
  queryParams: { name: string; schema: Schema }[];
  headerParams: string[];
  bodyKind: 'json' | 'form' | null;
  bodySample: Json;
}

const OPERATIONS: OperationInfo[] = [];
for (const [path, item] of Object.entries(doc.paths)) {
  for (const [method, opRaw] of Object.entries(item)) {
    const op = opRaw as Schema;
    if (typeof op.operationId !== 'string') continue;
    const params = ((op.parameters ?? []) as unknown[]).map(deref);
    const content = (deref(op.requestBody).content ?? {}) as Record<string, Schema>;
    const bodyKind = content['application/json']
      ? 'json'
      : content['application/x-www-form-urlencoded']
        ? 'form'
        : null;
    const media = content['application/json'] ?? content['application/x-www-form-urlencoded'];
    OPERATIONS.push({
      operationId: op.operationId,
      method: method.toUpperCase(),
      path,
      pathParams: params.filter((p) => p.in === 'path').map((p) => String(p.name)),
      queryParams: params
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: String(p.name), schema: deref(p.schema) })),
      headerParams: params.filter((p) => p.in === 'header').map((p) => String(p.name)),
      bodyKind,
      bodySample: media ? sample(media.schema) : null,
    });
  }
}

const BAD_IDS = [
  '0',
  '-1',
  '1.5',
  'abc',
  '99999999999999999999',
  '9007199254740993',
  '1e3',
  '%20',
  '%ZZ',
  '..',
  '%2e%2e',
  '1;DROP TABLE orders',
  "'",
  'null',
  '[]',
  '%00',
  '😀',
  '0x10',
  '+5',
  ' 1',
  'NaN',
  'Infinity',
];
const WEIRD_STRINGS = [
  '',
  ' ',
  'null',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '\u0000',
  '😀'.repeat(50),
  '../../etc/passwd',
  '%s%n',
  '{"a":1}',
  'x'.repeat(5_000),
];
const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  'application/json',
  '',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
];
const BAD_JSON = [
  '{',
  '{"a":',
  '[1,2',
  'undefined',
  "{'a':1}",
  '{"a":1,}',
  'NaN',
  '\u0000',
  '{"__proto__":{"admin":true}}',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  `"${'x'.repeat(100_000)}"`,
];

/** A value nested `depth` levels deep, arrays and objects alternating, built without recursion. */
function deeplyNested(depth: number, objects: boolean): string {
  const open: string[] = [];
  const close: string[] = [];
  for (let i = 0; i < depth; i += 1) {
    const asObject = objects && i % 2 === 0;
    open.push(asObject ? '{"a":' : '[');
    close.push(asObject ? '}' : ']');
  }
  return `${open.join('')}1${close.reverse().join('')}`;
}

const DEPTHS = [33, 100, 1_000, 5_000, 20_000];

/** Bodies at the edges of depth and size: what a naive recursive reader or a big copy trips on. */
function extremeBody(rand: () => number, sampleBody: Json): { body: string; note: string } {
  const sampleText = JSON.stringify(sampleBody ?? {});
  const roll = rand();
  if (roll < 0.45) {
    const depth = pick(rand, DEPTHS);
    const deep = deeplyNested(depth, rand() < 0.5);
    const asField =
      sampleText.startsWith('{') && sampleText !== '{}' && rand() < 0.6
        ? sampleText.replace(
            '{',
            `{"${pick(rand, ['extra', 'items', 'shippingAddress', 'card'])}":${deep},`,
          )
        : deep;
    return { body: asField, note: `nested ${depth} deep` };
  }
  if (roll < 0.65) {
    // Either side of the body limit: one byte under must be read, one byte over refused.
    const target = MAX_BODY_BYTES + pick(rand, [-1, 1]);
    const padding = Math.max(0, target - sampleText.length - 12);
    const body =
      sampleText.startsWith('{') && sampleText !== '{}'
        ? sampleText.replace('{', `{"pad":"${'x'.repeat(padding)}",`)
        : `{"pad":"${'x'.repeat(padding)}"}`;
    return { body, note: `${Buffer.byteLength(body)} bytes` };
  }
  if (roll < 0.8) {
    const keys = Array.from({ length: 5_000 }, (_, i) => `"k${i}":${i}`).join(',');
    return { body: `{${keys}}`, note: 'object with 5,000 keys' };
  }
  return {
    body: JSON.stringify({ items: Array.from({ length: 10_000 }, () => 1) }),
    note: 'array of 10,000 items',
  };
}

interface FuzzRequest {
  operationId: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  note: string;
}

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)] as T;
}

function wrongValue(rand: () => number): Json {
  return pick(rand, [
    null,
    true,
    -1,
    0,
    1.5,
    1e308,
    -1e308,
    'x'.repeat(100_000),
    'x'.repeat(60_000),
    '',
    [],
    [1, 'a', null],
    {},
    { nested: { deeper: [1] } },
    '2',
    'NaN',
    Number.MAX_SAFE_INTEGER + 1,
  ] as Json[]);
}

/** One random structural mutation of an object: drop, retype or add a field, maybe nested. */
function mutate(rand: () => number, value: Json, depth = 0): Json {
  if (value === null || typeof value !== 'object') return wrongValue(rand);
  if (Array.isArray(value)) {
    const roll = rand();
    if (roll < 0.3) return [];
    if (roll < 0.5) return wrongValue(rand);
    if (roll < 0.6) return Array.from({ length: 60 }, () => value[0] ?? null) as Json;
    return value.map((v) => (rand() < 0.5 ? mutate(rand, v, depth + 1) : v));
  }
  const copy: Record<string, Json> = { ...value };
  const keys = Object.keys(copy);
  const roll = rand();
  if (keys.length === 0 || roll < 0.15) {
    copy[pick(rand, ['unknownField', '__proto__', 'constructor', 'userId', ''])] = wrongValue(rand);
  } else if (roll < 0.4) {
    delete copy[pick(rand, keys)];
  } else if (roll < 0.85 || depth > 3) {
    const key = pick(rand, keys);
    copy[key] =
      depth < 3 && typeof copy[key] === 'object' && copy[key] !== null && rand() < 0.5
        ? mutate(rand, copy[key] ?? null, depth + 1)
        : wrongValue(rand);
  } else {
    for (const key of keys) if (rand() < 0.5) copy[key] = wrongValue(rand);
  }
  return copy;
}

function buildRequests(rand: () => number, tokens: Record<string, string>): FuzzRequest[] {
  const authVariants: (string | undefined)[] = [
    undefined,
    undefined,
    `Bearer ${tokens.demo}`,
    `Bearer ${tokens.other}`,
    `Bearer ${tokens.expired}`,
    `Bearer ${tokens.forged}`,
    `Bearer ${tokens.noneAlg}`,
    'Bearer garbage',
    'Bearer ',
    'Bearer a.b.c',
    'Basic ZGVtbzpjb2ZmZWU=',
    `Bearer ${'x'.repeat(5_000)}`,
    'bearer\ttab',
  ];
  const requests: FuzzRequest[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const op = OPERATIONS[i % OPERATIONS.length] ?? OPERATIONS[0];
    if (!op) break;
    const notes: string[] = [];
    let path = op.path;
    for (const name of op.pathParams) {
      const value = rand() < 0.75 ? pick(rand, BAD_IDS) : String(1 + Math.floor(rand() * 40));
      notes.push(`${name}=${value}`);
      path = path.replace(`{${name}}`, value);
    }
    const query = new URLSearchParams();
    for (const param of op.queryParams) {
      const roll = rand();
      if (roll < 0.3) continue;
      const value =
        roll < 0.5
          ? String(sample(param.schema))
          : roll < 0.9
            ? String(wrongValue(rand)).slice(0, 2_000)
            : pick(rand, WEIRD_STRINGS);
      query.append(param.name, value);
      if (rand() < 0.1) query.append(param.name, 'duplicate');
    }
    if (rand() < 0.3)
      query.append(
        pick(rand, ['unknown', 'debug', '__proto__', 'size[]', 'page']),
        pick(rand, WEIRD_STRINGS).slice(0, 500),
      );
    const search = query.toString();
    const headers: Record<string, string> = {};
    const auth = pick(rand, authVariants);
    if (auth) headers.Authorization = auth;
    if (rand() < 0.3)
      headers['X-Cart-Token'] = pick(rand, [
        'ct_unknown',
        '',
        'x'.repeat(300),
        "' OR 1=1",
        tokens.cart ?? 'ct_x',
      ]);
    if (rand() < 0.3)
      headers['X-Order-Token'] = pick(rand, ['ot_unknown', 'x'.repeat(300), '', 'null']);
    for (const name of op.headerParams)
      if (rand() < 0.5) headers[name] = pick(rand, WEIRD_STRINGS).slice(0, 1_000);

    let body: string | undefined;
    const roll = rand();
    if (op.bodyKind === null) {
      if (roll < 0.2) {
        body = JSON.stringify(wrongValue(rand));
        headers['Content-Type'] = 'application/json';
      }
    } else if (roll < 0.1) {
      body = pick(rand, BAD_JSON);
      headers['Content-Type'] = 'application/json';
      notes.push('bad json');
    } else if (roll < 0.2) {
      body = JSON.stringify(op.bodySample);
      headers['Content-Type'] = pick(rand, CONTENT_TYPES);
      notes.push(`content-type ${headers['Content-Type']}`);
    } else if (roll < 0.25) {
      notes.push('no body');
    } else if (roll < 0.3) {
      body = JSON.stringify({ blob: 'x'.repeat(100_000) });
      headers['Content-Type'] = 'application/json';
      notes.push('100 KB body');
    } else if (roll < 0.42) {
      const extreme = extremeBody(rand, op.bodySample);
      body = extreme.body;
      headers['Content-Type'] =
        op.bodyKind === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
      notes.push(extreme.note);
    } else {
      const value =
        roll < 0.48 ? op.bodySample : roll < 0.55 ? wrongValue(rand) : mutate(rand, op.bodySample);
      if (op.bodyKind === 'form' && value && typeof value === 'object' && !Array.isArray(value)) {
        body = new URLSearchParams(
          Object.entries(value).map(([k, v]): [string, string] => [
            k,
            typeof v === 'string' ? v : JSON.stringify(v),
          ]),
        ).toString();
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
      } else {
        body = JSON.stringify(value);
        headers['Content-Type'] = 'application/json';
      }
      notes.push('mutated body');
    }
    // HEAD must answer wherever GET does (without a body, so with no error shape to read).
    const method = op.method === 'GET' && rand() < 0.1 ? 'HEAD' : op.method;
    requests.push({
      operationId: op.operationId,
      method,
      url: `${path}${search ? `?${search}` : ''}`,
      headers,
      ...(body !== undefined ? { body } : {}),
      note: notes.join(', '),
    });
  }
  return requests;
}

let server: TestServer;
let tokens: Record<string, string>;
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** node:http rather than fetch: it can send a body with GET and any bytes the server may meet. */
function send(request: FuzzRequest): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(server.url);
  // Header values must be bytes: characters above 0xFF become '?'.
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([k, v]) => [k, v.replace(/[^\x20-\xff\t]/g, '?')]),
  );
  if (request.body !== undefined)
    headers['Content-Length'] = String(Buffer.byteLength(request.body));
  // A raw emoji is not allowed in a request line; clients percent-encode it, so do we.
  const path = request.url.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, path, method: request.method, headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

beforeAll(async () => {
  // Thousands of wrong sign-ins from one address would (rightly) end in 429s for everything after;
  // throttling has its own tests, here it would only hide what the malformed bodies do.
  server = await startTestServer({
    signInLimits: {
      pairFailures: 1_000_000,
      accountFailures: 1_000_000,
      addressFailures: 1_000_000,
    },
  });
  const now = new Date();
  const demo = await login(server.api);
  const other = (await signup(server.api, 'fuzzer')).token;
  const claims = { sub: 'demo@lumen.test', username: 'demo-shopper', uid: 1, ver: 0 };
  const cart = await server.api<{ cartToken: string }>('POST', '/cart/items', {
    body: { productId: 3, quantity: 1 },
  });
  tokens = {
    demo,
    other,
    cart: cart.body.cartToken,
    expired: signToken(
      claims,
      server.config.jwtSecret,
      new Date(now.getTime() - 90 * 24 * 3600 * 1000),
      60,
    ),
    forged: signToken({ ...claims, uid: 2 }, 'not-the-server-secret-but-long-enough-00', now),
    noneAlg: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, iat: 1, exp: 4e9 })).toString('base64url')}.`,
  };
});

afterAll(async () => {
  agent.destroy();
  await server.dispose();
});

describe('fuzz', () => {
  it(
    `answers ${REQUESTS} malformed requests across every operation without a 5xx`,
    // About 4 ms a request on a loaded 2-core machine, with room to spare.
    { timeout: Math.max(60_000, REQUESTS * 12) },
    async () => {
      const rand = prng(SEED);
      const requests = buildRequests(rand, tokens);
      expect(new Set(requests.map((r) => r.operationId)).size).toBe(OPERATIONS.length);
      const failures: string[] = [];
      const statusCounts = new Map<number, number>();
      let next = 0;
      async function worker(): Promise<void> {
        while (next < requests.length) {
          const request = requests[next];
          next += 1;
          if (!request) continue;
          let status: number;
          let text = '';
          try {
            ({ status, text } = await send(request));
          } catch (error) {
            failures.push(
              `${request.method} ${request.url} (${request.note}): network error ${(error as Error).message}`,
            );
            continue;
          }
          statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
          if (status >= 500)
            failures.push(
              `${request.method} ${request.url} (${request.note}) → ${status} ${text.slice(0, 200)}`,
            );
          if (status >= 400 && request.method !== 'HEAD') {
            let body: Record<string, unknown> = {};
            try {
              body = JSON.parse(text) as Record<string, unknown>;
            } catch {
              // reported just below as a missing error shape
            }
            if (
              typeof body.code !== 'string' ||
              typeof body.message !== 'string' ||
              body.status !== status
            ) {
              failures.push(
                `${request.method} ${request.url} (${request.note}) → ${status}: error body without the error shape: ${text.slice(0, 200)}`,
              );
            }
          }
        }
      }
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      if (process.env.FUZZ_REPORT) console.log(JSON.stringify([...statusCounts].sort()));
      expect(failures).toEqual([]);
      expect(server.errors).toEqual([]);
      // The mix must really be malformed: mostly refusals, some of each kind.
      const refused = [...statusCounts].filter(([s]) => s >= 400).reduce((n, [, c]) => n + c, 0);
      expect(refused).toBeGreaterThan(REQUESTS * 0.7);
      for (const status of [400, 401, 404, 413, 415])
        expect(statusCounts.get(status) ?? 0).toBeGreaterThan(0);

      // Still healthy and still right afterwards.
      expect((await server.api('GET', '/health')).status).toBe(200);
      const page = await server.api<{ totalElements: number }>('GET', '/products/search?size=50');
      expect(page.body.totalElements).toBe(36);
      // (The fuzz may have renamed the demo account through a valid update: sign in a new one.)
      const fresh = await signup(server.api, 'after-fuzz');
      expect(await login(server.api, fresh.email, 'secret123')).toMatch(/^ey/);
    },
  );

  it('answers requests Node cannot parse with the error shape and keeps serving', async () => {
    const { hostname, port } = new URL(server.url);
    const raw = (payload: string): Promise<string> =>
      new Promise((resolve) => {
        const socket = connect(Number(port), hostname, () => socket.end(payload));
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
        socket.on('error', () => resolve(Buffer.concat(chunks).toString('utf8')));
      });
    const garbage = [
      'GARBAGE\r\n\r\n',
      'GET /api/v1/health HTTP/9.9\r\n\r\n',
      'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
      `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}',
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
    ];
    for (const payload of garbage) {
      const answer = await raw(payload);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(answer).toMatch(/"code":"(VALIDATION_FAILED|PAYLOAD_TOO_LARGE)"/);
    }
    expect((await server.api('GET', '/health')).status).toBe(200);
  });

  it('reports answers that break the contract', () => {
    // Undocumented statuses are listed for the contract's authors; shapes must always match.
    if (process.env.FUZZ_REPORT) console.log([...new Set(server.violations)].join('\n'));
    const shapeProblems = server.violations.filter((v) => !v.includes('is not documented'));
    expect(shapeProblems).toEqual([]);
  });
});
