// One API process per SQLite file (ADR-0064). The database's own locks keep the data whole with
// two processes, but some of the shop's state lives in the process (the sign-in throttle, the
// catalogue version, housekeeping's rounds), so a second process would halve what the throttle
// allows and serve pages it never learned were stale; and a process waiting for the other's
// write lock stalls its whole event loop. So a second server on the same file is refused at
// start, in words that say what to do instead.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'libsql';

/** Another server process holds the database file. */
export class DatabaseInUseError extends Error {
  constructor(dbFile: string) {
    super(
      `Another server process is already using ${dbFile}. A SQLite database serves one API ` +
        'process: stop the other one, or give this one its own DB_FILE. Several API processes ' +
        'on one database need PostgreSQL (ADR-0064).',
    );
    this.name = 'DatabaseInUseError';
  }
}

interface ServerLock {
  /** Lets the next server start on the file (also done by the system if the process dies). */
  release(): void;
}

/**
 * Takes the server lock of `dbFile`: an exclusive SQLite lock on `<dbFile>.lock`, an empty file
 * beside it. The lock is the operating system's (fcntl), so it goes with the process however it
 * ends, even killed: there is never a stale lock to clean up. Throws DatabaseInUseError when
 * another process holds it (or another server in this process). None for ':memory:'.
 */
export function lockDatabaseFile(dbFile: string): ServerLock | null {
  if (dbFile === ':memory:') return null;
  const file = resolve(dbFile);
  mkdirSync(dirname(file), { recursive: true });
  const raw = new Database(`${file}.lock`);
  try {
    // Exclusive locking mode keeps the lock until the connection closes; BEGIN EXCLUSIVE takes
    // it now, and fails at once (busy_timeout is 0) when someone else has it.
    raw.exec('PRAGMA locking_mode = EXCLUSIVE');
    raw.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    raw.close();
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') throw new DatabaseInUseError(file);
    throw error;
  }
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      raw.close();
    },
  };
}
