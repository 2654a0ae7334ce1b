// One cluster instance for the Pact verification of `npm run check:cluster` (scripts/cluster-check.ts):
// the reference API with the storefront pact's provider states at /_pact/provider-states
// (contracts/provider/serve.ts), on the cluster's database (DATABASE_URL). start-cluster.sh starts
// it in place of server/src/main.ts when CLUSTER_INSTANCE_ENTRY names it. A state set-up wipes
// and reseeds the database, so startServer allows it only in development (NODE_ENV).
import { startVerificationServer } from '../contracts/provider/serve';

const running = await startVerificationServer({
  port: Number(process.env.PORT ?? 0),
  host: process.env.HOST ?? '127.0.0.1',
  databaseUrl: process.env.DATABASE_URL ?? null,
  ...(process.env.JWT_SECRET ? { jwtSecret: process.env.JWT_SECRET } : {}),
  ...(process.env.TRUSTED_PROXIES
    ? { trustedProxies: process.env.TRUSTED_PROXIES.split(',').map((p) => p.trim()) }
    : {}),
  // The API only: a verification run asks for no pages.
  distDir: null,
});
console.log(`Reference API for verification ready at ${running.url}/`);

const stop = (): void => {
  void running.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
