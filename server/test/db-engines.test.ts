// The same checks on both storage engines (ADR-0066): SQLite always, PostgreSQL when the suites
// run with DATABASE_URL (scripts/test.sh). What the handlers rely on of `Db`: numbers, nested
// transactions that join, no half-done transaction seen from outside, no lost update however many
// run at once, and the same tables and columns on both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../src/db';
import { toPositional } from '../src/db-postgres';
import {
  catalogueChanged,
  catalogueVersion,
  refreshCatalogueVersion,
} from '../src/render-catalogue-version';
import { createTestDatabase, type TestDatabase } from './pg-database';

interface Engine {
  name: string;
  open(): Promise<Db>;
  done(): Promise<void>;
}

const engines: Engine[] = [
  { name: 'sqlite', open: () => openDb({ file: ':memory:' }), done: () => Promise.resolve() },
];
let pgDatabase: TestDatabase | null = null;
if (process.env.DATABASE_URL) {
  engines.push({
    name: 'postgres',
    async open() {
      pgDatabase = await createTestDatabase();
      return openDb({ url: pgDatabase?.url ?? null });
    },
    done: async () => {
      await pgDatabase?.drop();
    },
  });
}

describe.each(engines)('the $name engine', (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await engine.open();
    await db.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)');
    await db.run('INSERT INTO t (id, v) VALUES (1, 1), (2, 2)');
  });
  afterAll(async () => {
    await db.close();
    await engine.done();
  });

  it('answers COUNT and SUM as numbers', async () => {
    const row = await db.get('SELECT COUNT(*) AS n, SUM(v) AS s, MAX(id) AS m FROM t');
    expect(row).toEqual({ n: 2, s: 3, m: 2 });
  });

  it('answers a get with its own parameters after an all of the same SQL', async () => {
    const sql = 'SELECT v FROM t WHERE id = ?';
    expect(await db.all(sql, [1])).toEqual([{ v: 1 }]);
    expect(await db.get(sql, [2])).toEqual({ v: 2 });
  });

  it('keeps ? inside a string literal as a question mark', async () => {
    expect(await db.get("SELECT 'why?' AS q, v FROM t WHERE id = ?", [2])).toEqual({
      q: 'why?',
      v: 2,
    });
  });

  it('joins a nested transaction to the open one: one rollback undoes both', async () => {
    await expect(
      db.transaction(async () => {
        await db.run('UPDATE t SET v = 10 WHERE id = 1');
        await db.transaction(async () => {
          await db.run('UPDATE t SET v = 20 WHERE id = 2');
        });
        expect(await db.get('SELECT v FROM t WHERE id = 2')).toEqual({ v: 20 });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await db.all('SELECT v FROM t ORDER BY id')).toEqual([{ v: 1 }, { v: 2 }]);
  });

  it('never shows a statement outside the transaction its half-done state', async () => {
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let wrote = (): void => undefined;
    const written = new Promise<void>((resolve) => {
      wrote = resolve;
    });
    const tx = db.transaction(async () => {
      await db.run('UPDATE t SET v = 100 WHERE id = 1');
      wrote();
      await gate;
      await db.run('UPDATE t SET v = 3 WHERE id = 1');
    });
    await written;
    // Outside the transaction (this test's own flow): SQLite makes it wait for the COMMIT,
    // PostgreSQL answers from before the transaction. Never the 100 in between.
    const outside = db.get<{ v: number }>('SELECT v FROM t WHERE id = 1');
    release();
    await tx;
    expect([1, 3]).toContain((await outside)?.v);
    expect(await db.get('SELECT v FROM t WHERE id = 1')).toEqual({ v: 3 });
    await db.run('UPDATE t SET v = 1 WHERE id = 1');
  });

  it('loses no update when 12 transactions read and write one row at once', async () => {
    await db.run('UPDATE t SET v = 0 WHERE id = 2');
    let runs = 0;
    await Promise.all(
      Array.from({ length: 12 }, () =>
        db.transaction(async () => {
          runs += 1;
          const row = await db.get<{ v: number }>('SELECT v FROM t WHERE id = 2');
          await db.run('UPDATE t SET v = ? WHERE id = 2', [(row?.v ?? 0) + 1]);
        }),
      ),
    );
    expect(await db.get('SELECT v FROM t WHERE id = 2')).toEqual({ v: 12 });
    // PostgreSQL let them run at once and refused the commits that would have lost an update:
    // those ran again (SQLite runs one at a time, never twice).
    if (engine.name === 'postgres') expect(runs).toBeGreaterThan(12);
    else expect(runs).toBe(12);
  });

  it('runs the transactions of one queue one after another: none runs twice, and more than the pool can wait', async () => {
    await db.run('UPDATE t SET v = 0 WHERE id = 2');
    let runs = 0;
    let running = 0;
    let most = 0;
    const afterCommits: number[] = [];
    // More than the pool's ten connections: waiting for a turn holds none (or every one would
    // be waiting, and the turn's after-commit step below, which needs one, would never come).
    await Promise.all(
      Array.from({ length: 25 }, () =>
        db.transaction(
          async () => {
            runs += 1;
            running += 1;
            most = Math.max(most, running);
            const row = await db.get<{ v: number }>('SELECT v FROM t WHERE id = 2');
            await db.run('UPDATE t SET v = ? WHERE id = 2', [(row?.v ?? 0) + 1]);
            running -= 1;
            await db.afterCommit(async () => {
              afterCommits.push(
                (await db.get<{ v: number }>('SELECT v FROM t WHERE id = 2'))?.v ?? -1,
              );
            });
          },
          { queue: 'test-queue' },
        ),
      ),
    );
    expect(await db.get('SELECT v FROM t WHERE id = 2')).toEqual({ v: 25 });
    expect(runs).toBe(25);
    expect(most).toBe(1);
    expect(afterCommits).toHaveLength(25);
  });

  it('runs an after-commit step after the commit, and drops it on rollback', async () => {
    const seen: string[] = [];
    await db.transaction(async () => {
      await db.afterCommit(async () => {
        seen.push('after');
      });
      seen.push('inside');
    });
    await db
      .transaction(async () => {
        await db.afterCommit(async () => {
          seen.push('never');
        });
        throw new Error('undo');
      })
      .catch(() => undefined);
    expect(seen).toEqual(['inside', 'after']);
  });
});

describe('placeholders for PostgreSQL', () => {
  it('numbers each ? outside string literals, quoted names and comments', () => {
    expect(
      toPositional(`SELECT '?', "a?" FROM t -- why?\nWHERE a = ? AND b = 'it''s?' AND c = ?`),
    ).toBe(`SELECT '?', "a?" FROM t -- why?\nWHERE a = $1 AND b = 'it''s?' AND c = $2`);
  });
});

describe.runIf(process.env.DATABASE_URL)('the two schemas', () => {
  it('have the same tables and columns after every migration', async () => {
    const sqlite = await openDb({ file: ':memory:' });
    const database = await createTestDatabase();
    const pg = await openDb({ url: database?.url ?? null });
    try {
      const sqliteColumns = await sqlite.all<{ t: string; c: string }>(
        `SELECT m.name AS t, p.name AS c FROM sqlite_master m, pragma_table_info(m.name) p
         WHERE m.type = 'table' ORDER BY t, c`,
      );
      const pgColumns = await pg.all<{ t: string; c: string }>(
        `SELECT table_name AS t, column_name AS c FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name <> 'schema_version' ORDER BY t, c`,
      );
      expect(pgColumns.length).toBeGreaterThan(100);
      // Both sorted by the same bytes (ORDER BY differs by collation: sort here).
      const key = (r: { t: string; c: string }) => `${r.t}.${r.c}`;
      expect(pgColumns.map(key).sort()).toEqual(sqliteColumns.map(key).sort());
    } finally {
      await sqlite.close();
      await pg.close();
      await database?.drop();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  // Two pools on one database stand for two instances (the cross-instance tests start real ones).
  let database: TestDatabase | null = null;
  let a: Db;
  let b: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    a = await openDb({ url: database?.url ?? null });
    b = await openDb({ url: database?.url ?? null });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database?.drop();
  });

  it('run work under one name one at a time: the other skips it', async () => {
    let inner: boolean | undefined;
    const outer = await a.exclusively('housekeeping', async () => {
      inner = await b.exclusively('housekeeping', () => Promise.resolve());
    });
    expect([outer, inner]).toEqual([true, false]);
    // Released once done: the next round runs.
    expect(await b.exclusively('housekeeping', () => Promise.resolve())).toBe(true);
  });

  it("see each other's catalogue changes once committed, never before", async () => {
    await refreshCatalogueVersion(b);
    const before = catalogueVersion(b);
    let during = 0;
    await a.transaction(async () => {
      await catalogueChanged(a);
      await refreshCatalogueVersion(b);
      during = catalogueVersion(b);
    });
    await refreshCatalogueVersion(b);
    expect(during).toBe(before);
    expect(catalogueVersion(b)).toBeGreaterThan(before);
  });
});
