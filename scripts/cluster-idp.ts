// The demo OpenID provider for the cluster (docs/cluster.md): the one scripts/start.sh runs inside
// its single API process (server/src/local-oidc/), here in a process of its own, so that both
// instances sign in against the same provider. A flow may start on one instance and come back
// to the other; each running its own provider would hand out codes the other cannot redeem.
//
//   OIDC_CLIENT_SECRET=… tsx scripts/cluster-idp.ts --port 8081 --redirect-uri <entry>/api/v1/auth/oidc/callback
//
// Anyone can sign in through it without a password: start-cluster.sh runs it only as start.sh
// does (no OIDC_ISSUER, DEMO_IDENTITY_PROVIDER not 0) and says so.
import { parseArgs } from 'node:util';
import { startLocalProvider } from '../server/src/local-oidc/provider';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8081' },
    host: { type: 'string', default: '127.0.0.1' },
    'redirect-uri': { type: 'string', multiple: true },
  },
  strict: true,
});

const clientSecret = process.env.OIDC_CLIENT_SECRET ?? '';
if (clientSecret.length < 32) {
  console.error('cluster-idp: set OIDC_CLIENT_SECRET (32 characters or more)');
  process.exit(2);
}
const redirectUris = values['redirect-uri'] ?? [];

const provider = await startLocalProvider({
  port: Number(values.port),
  host: values.host,
  clientSecret,
  redirectUris: () => redirectUris,
});
console.log(`cluster-idp: issuer ${provider.issuer}`);

const stop = (): void => {
  void provider.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
