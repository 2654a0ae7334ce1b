// The async storage interface keeps SQLite's transactions serial (ADR-0064): while one is open on
// the one connection, no statement of another caller runs inside it or between its statements,
// and whatever the transaction's own code issues, however deep, joins it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../src/db';

/** Lets every other ready callback and timer run: the gaps another request would use. */
function otherRequestsRun(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 5));
}

describe('one connection, one turn at a time', () => {
  let db: Db;
  beforeEach(async () => {
    db = await openDb({ file: ':memory:' });
    await db.run('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
  });
  afterEach(async () => {
    await db.close();
  });

  it("another caller's statements never land inside an open transaction", async () => {
    const seenOutside: unknown[] = [];
    const transaction = db.transaction(async () => {
      await db.run("INSERT INTO notes (text) VALUES ('inside')");
      // Meanwhile another request writes and reads; the transaction then fails and rolls back.
      await otherRequestsRun();
      await db.run("INSERT INTO notes (text) VALUES ('inside, later')");
      await otherRequestsRun();
      throw new Error('the transaction fails');
    });
    const outside = (async () => {
      await Promise.resolve();
      seenOutside.push(await db.all('SELECT text FROM notes ORDER BY id'));
      await db.run("INSERT INTO notes (text) VALUES ('outside')");
    })();
    await expect(transaction).rejects.toThrow('the transaction fails');
    await outside;
    // The other request waited: it never saw the uncommitted rows, and its own row was not
    // rolled back with the transaction's.
    expect(seenOutside).toEqual([[]]);
    expect(await db.all('SELECT text FROM notes ORDER BY id')).toEqual([{ text: 'outside' }]);
  });

  it('two transactions run one after the other, never interleaved', async () => {
    const steps: string[] = [];
    const run = (name: string) =>
      db.transaction(async () => {
        for (let i = 0; i < 3; i += 1) {
          steps.push(`${name}${i}`);
          await db.run('INSERT INTO notes (text) VALUES (?)', [`${name}${i}`]);
          await otherRequestsRun();
        }
      });
    await Promise.all([run('a'), run('b')]);
    expect(steps).toEqual(['a0', 'a1', 'a2', 'b0', 'b1', 'b2']);
  });

  it("a nested call and the transaction's helpers join the outer transaction", async () => {
    const insert = (text: string) => db.run('INSERT INTO notes (text) VALUES (?)', [text]);
    await expect(
      db.transaction(async () => {
        await insert('outer');
        await db.transaction(async () => {
          await insert('nested');
        });
        throw new Error('undo all');
      }),
    ).rejects.toThrow('undo all');
    expect(await db.all('SELECT text FROM notes')).toEqual([]);
    await db.transaction(async () => {
      await insert('outer');
      await db.transaction(() => insert('nested'));
    });
    expect(await db.all('SELECT text FROM notes ORDER BY id')).toEqual([
      { text: 'outer' },
      { text: 'nested' },
    ]);
  });

  it('a callback the transaction left running queues once it has ended', async () => {
    let late: Promise<unknown> = Promise.resolve();
    await db.transaction(async () => {
      await db.run("INSERT INTO notes (text) VALUES ('committed')");
      // Started inside, finished after the COMMIT: it must not be taken for the transaction's.
      late = otherRequestsRun().then(() => db.run("INSERT INTO notes (text) VALUES ('late')"));
    });
    const blocker = db.transaction(async () => {
      await otherRequestsRun();
      await otherRequestsRun();
      throw new Error('rolled back');
    });
    await expect(blocker).rejects.toThrow('rolled back');
    await late;
    expect(await db.all('SELECT text FROM notes ORDER BY id')).toEqual([
      { text: 'committed' },
      { text: 'late' },
    ]);
  });

  it('an INSERT answers its new id with RETURNING', async () => {
    const first = await db.get<{ id: number }>(
      "INSERT INTO notes (text) VALUES ('one') RETURNING id",
    );
    const second = await db.get<{ id: number }>(
      "INSERT INTO notes (text) VALUES ('two') RETURNING id",
    );
    expect(first?.id).toBeGreaterThan(0);
    expect(second?.id).toBe((first?.id ?? 0) + 1);
    expect((await db.run("UPDATE notes SET text = 'x'")).changes).toBe(2);
  });
});
