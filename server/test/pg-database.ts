// Test support: with DATABASE_URL=postgres://… (scripts/test.sh starts a local cluster), every test
// server gets a database of its own on that cluster, so test files run in parallel as on SQLite;
// without it, none (the tests use SQLite files).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** The cluster the suites run on, or null for SQLite. */
export function testDatabaseCluster(): string | null {
  return process.env.DATABASE_URL || null;
}

async function onCluster(cluster: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: cluster });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the cluster (the server migrates and seeds it), or null on SQLite. */
export async function createTestDatabase(): Promise<TestDatabase | null> {
  const cluster = testDatabaseCluster();
  if (!cluster) return null;
  const name = `lumen_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  // template0: nothing copied from the cluster's own template but the empty schema.
  await onCluster(cluster, `CREATE DATABASE ${name} TEMPLATE template0`);
  const url = new URL(cluster);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onCluster(cluster, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
