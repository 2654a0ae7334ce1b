// The server's one storage interface (ADR-0064, ADR-0066): SQLite (db.ts) and PostgreSQL
// (db-postgres.ts) implement it.
type SqlValue = number | bigint | string | Uint8Array | null;
export type Row = Record<string, SqlValue>;
export type Params = SqlValue[];

/**
 * The server's one storage interface (ADR-0064). Every call is async, so an engine that talks to
 * its database over the network (PostgreSQL, ADR-0066) needs no change in the callers. SQL is
 * written with `?` placeholders; an INSERT that needs the new row's id says `RETURNING id` and
 * reads it with `get`. COUNT and SUM come back as numbers on both engines.
 */
export interface TransactionOptions {
  /** Transactions of the same queue run one at a time on every engine. */
  queue?: string;
}

export interface Db {
  /** 'sqlite': one process per file; 'postgres': any number of server processes share it. */
  readonly engine: 'sqlite' | 'postgres';
  /** Absolute path of the database file, or ':memory:'; for PostgreSQL its URL without password. */
  readonly file: string;
  all<T extends Row = Row>(sql: string, params?: Params): Promise<T[]>;
  get<T extends Row = Row>(sql: string, params?: Params): Promise<T | undefined>;
  run(sql: string, params?: Params): Promise<{ changes: number }>;
  /**
   * Runs fn inside one transaction (BEGIN IMMEDIATE/COMMIT on SQLite; the COMMIT returns once the
   * write-ahead log is on disk, synchronous=FULL) and rolls back if it throws. While it is open no
   * statement of another request runs, inside it or between its statements: they wait for the
   * COMMIT (serialisable). Statements that fn's code issues through this Db, however deep, join
   * the transaction, and so does a nested call. fn must await nothing but this database: waiting
   * for something that itself needs the database (an HTTP call to this server) would never end.
   *
   * PostgreSQL runs it at the serializable level and runs fn again, whole, when the database
   * refuses the commit as not serialisable (or a deadlock): so fn must change nothing but the
   * database, or only what is harmless to do twice (ADR-0066).
   *
   * `queue` names a hot path whose transactions all touch the same rows (order placement): on
   * PostgreSQL they take their turn one after another (a session advisory lock taken before
   * BEGIN, so the snapshot comes after the wait) rather than all starting at once and failing
   * their serialization check over and over. SQLite's transactions take turns already.
   */
  transaction<T>(fn: () => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs fn once the current transaction has committed (before `transaction` resolves), or at
   * once outside a transaction; dropped when the transaction rolls back or is tried again.
   */
  afterCommit(fn: () => Promise<void>): Promise<void>;
  /**
   * After rows were inserted with explicit ids (the seed): moves each table's id counter past its
   * largest id, so the next row without one gets a fresh id. SQLite needs nothing.
   */
  idsInserted(tables: readonly string[]): Promise<void>;
  /**
   * Runs fn unless a process on this database is running work under the same name: then it does
   * nothing and answers false. fn's statements are ordinary ones (they may span transactions and
   * awaits outside the database). PostgreSQL: a session advisory lock on a connection of its own,
   * gone with the process whatever ends it. SQLite: one process per file, so fn just runs.
   */
  exclusively(name: string, fn: () => Promise<void>): Promise<boolean>;
  /** Copies the write-ahead log into the main file (a checkpoint); commits are durable without it. */
  persist(): Promise<void>;
  /** Empties the database: every table dropped and migrated again (PostgreSQL: truncated). */
  resetSchema(): Promise<void>;
  close(): Promise<void>;
}
