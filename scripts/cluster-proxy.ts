// The cluster's entry port (issue 29, docs/cluster.md): one origin in front of N API instances,
// each request to the next instance in turn. Bodies stream both ways; nothing is buffered.
//
//   tsx scripts/cluster-proxy.ts --port 8080 --target http://127.0.0.1:8101 \
//     --target http://127.0.0.1:8102 [--host 127.0.0.1] [--forwarded-for]
//
// --forwarded-for sends the caller's address in X-Forwarded-For. Pass it only when the instances
// trust this proxy (their TRUSTED_PROXIES names its address): then the throttles and the open-order
// caps count the real client (server/src/client-address.ts takes the right-most entry that is not
// a trusted proxy). A caller's own X-Forwarded-For is dropped unless the caller is one of the
// --trusted proxies in front of this one, so nobody chooses their address by sending the header.
// Without --forwarded-for the instances see every request come from this proxy.
import { Agent, createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { normalizeAddress } from '../server/src/client-address';

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection, never forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
]);

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name) && !named.has(name)) kept[name] = value;
  }
  return kept;
}

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    target: { type: 'string', multiple: true },
    'forwarded-for': { type: 'boolean', default: false },
    trusted: { type: 'string', multiple: true },
  },
  strict: true,
});

const targets = (values.target ?? []).map((target) => new URL(target));
if (targets.length === 0) {
  console.error('cluster-proxy: give at least one --target http://host:port');
  process.exit(2);
}
const forwardFor = values['forwarded-for'];
const trusted = new Set((values.trusted ?? []).map(normalizeAddress));
// Connections to the instances are kept open: a new one per request would cost more than the proxy.
const agent = new Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;

const server = createServer((req, res) => {
  const index = next % targets.length;
  const target = targets[index] as URL;
  next += 1;
  const headers = withoutHopByHop(req.headers);
  if (forwardFor) {
    const peer = normalizeAddress(req.socket.remoteAddress ?? '');
    const before = trusted.has(peer) ? headers['x-forwarded-for'] : undefined;
    const chain = Array.isArray(before) ? before.join(', ') : before;
    headers['x-forwarded-for'] = chain ? `${chain}, ${peer}` : peer;
  }
  const upstream = request(
    {
      agent,
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers,
    },
    (answer) => {
      // Which instance answered (1, 2…): the black-box check reads it to see requests spread.
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, {
        ...withoutHopByHop(answer.headers),
        'x-cluster-instance': String(index + 1),
      });
      answer.pipe(res);
      answer.once('error', () => res.destroy());
    },
  );
  upstream.once('error', (error) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const body = JSON.stringify({
      status: 502,
      code: 'BAD_GATEWAY',
      message: `The API instance at ${target.origin} did not answer: ${error.message}`,
      path: req.url ?? '/',
      timestamp: new Date().toISOString(),
    });
    res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(body);
  });
  req.pipe(upstream);
  // A caller that goes away mid-request takes its upstream request with it.
  res.once('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
});

server.listen(Number(values.port), values.host, () => {
  const { port } = server.address() as AddressInfo;
  const shownHost = values.host.includes(':') ? `[${values.host}]` : values.host;
  console.log(
    `cluster-proxy: http://${shownHost}:${port}/ -> ${targets.map((t) => t.origin).join(', ')}`,
  );
});

const stop = (): void => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  agent.destroy();
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
