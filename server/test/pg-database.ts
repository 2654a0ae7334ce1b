// Test support: with DATABASE_URL=postgres://… (scripts/test.sh starts a local cluster), every test
// server gets a database of its own on that cluster, so test files run in parallel as on SQLite;
// without it, none (the tests use SQLite files).
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb } from '../src/db';
import { PG_MIGRATIONS } from '../src/db-postgres-schema';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** The cluster the suites run on, or null for SQLite. */
function testDatabaseCluster(): string | null {
  return process.env.DATABASE_URL || null;
}

async function onCluster<T>(cluster: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: cluster });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(cluster: string, name: string): string {
  const url = new URL(cluster);
  url.pathname = `/${name}`;
  return url.toString();
}

// One migrated, empty database per schema on the cluster, copied for each test server: the copy
// is cheaper than running the migrations every time.
const TEMPLATE = `lumen_template_${createHash('sha256').update(PG_MIGRATIONS.join('\n')).digest('hex').slice(0, 12)}`;
let template: Promise<void> | null = null;

function ensureTemplate(cluster: string): Promise<void> {
  template ??= onCluster(cluster, async (client) => {
    const exists = async () =>
      (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE])).rowCount;
    if (await exists()) return;
    // Other test processes may be making it too: one at a time, and published by a rename.
    await client.query('SELECT pg_advisory_lock(290066)');
    try {
      if (await exists()) return;
      const building = `${TEMPLATE}_${process.pid}`;
      await client.query(`DROP DATABASE IF EXISTS ${building}`);
      await client.query(`CREATE DATABASE ${building} TEMPLATE template0`);
      const db = await openDb({ url: databaseUrl(cluster, building) });
      await db.close();
      await client.query(`ALTER DATABASE ${building} RENAME TO ${TEMPLATE}`);
    } finally {
      await client.query('SELECT pg_advisory_unlock(290066)');
    }
  });
  return template;
}

/** A new database on the cluster, migrated and empty (the server seeds it), or null on SQLite. */
export async function createTestDatabase(): Promise<TestDatabase | null> {
  const cluster = testDatabaseCluster();
  if (!cluster) return null;
  await ensureTemplate(cluster);
  const name = `lumen_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await onCluster(cluster, (client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`),
  );
  return {
    url: databaseUrl(cluster, name),
    drop: async () => {
      await onCluster(cluster, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}
