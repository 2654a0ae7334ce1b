import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import initSqlJs from 'sql.js';
import type { Database, SqlJsStatic, SqlValue } from 'sql.js';

export type Row = Record<string, SqlValue>;
export type Params = SqlValue[];

export interface Db {
  /** Absolute path of the file the database persists to, or ':memory:'. */
  readonly file: string;
  all<T extends Row = Row>(sql: string, params?: Params): T[];
  get<T extends Row = Row>(sql: string, params?: Params): T | undefined;
  run(sql: string, params?: Params): { changes: number; lastId: number };
  /**
   * Runs fn inside BEGIN/COMMIT and persists the database to its file after the commit.
   * fn must be synchronous: sql.js is synchronous and the process is single-threaded, so a
   * transaction can never interleave with another request (serialisable by construction).
   * A nested call joins the outer transaction.
   */
  transaction<T>(fn: () => T): T;
  /** Writes the current state to the file (tmp + rename). */
  persist(): void;
  /** Drops every table and runs the migrations again (an empty, current schema). */
  resetSchema(): void;
  close(): void;
}

const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_DB_FILE = resolve(serverRoot, 'data', 'shop.sqlite');

let sqlPromise: Promise<SqlJsStatic> | undefined;
function loadSql(): Promise<SqlJsStatic> {
  sqlPromise ??= initSqlJs();
  return sqlPromise;
}

const PRAGMAS = 'PRAGMA foreign_keys = ON;';

/**
 * Migrations run in order; PRAGMA user_version remembers how many have been applied.
 * Money columns are integer cents so no float ever decides a price.
 */
const MIGRATIONS: string[] = [
  `
  CREATE TABLE products (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
    old_price_cents INTEGER,
    quantity INTEGER NOT NULL CHECK (quantity >= 0),
    category TEXT NOT NULL,
    is_available_at_web INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX products_category ON products(category);
  CREATE TABLE product_images (
    id INTEGER PRIMARY KEY,
    product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    image_url TEXT NOT NULL,
    is_main INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX product_images_product ON product_images(product_id);
  CREATE TABLE news (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    image TEXT NOT NULL,
    time TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    image TEXT NOT NULL,
    duration TEXT NOT NULL,
    start_date TEXT NOT NULL
  );
  CREATE TABLE spaces (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    image TEXT NOT NULL
  );
  CREATE TABLE ship_methods (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    code TEXT NOT NULL,
    expected_arrival TEXT NOT NULL,
    price_cents INTEGER NOT NULL,
    is_active INTEGER NOT NULL DEFAULT 1
  );
  CREATE TABLE promos (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE COLLATE NOCASE,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    discount_type TEXT NOT NULL CHECK (discount_type IN ('percentage', 'fixed', 'free_shipping')),
    -- hundredths: 250 = $2.50 for fixed, 5000 = 50% for percentage
    discount_value INTEGER NOT NULL,
    start_at TEXT,
    end_at TEXT,
    is_active INTEGER NOT NULL DEFAULT 1
  );
  CREATE TABLE promo_products (
    promo_id INTEGER NOT NULL REFERENCES promos(id) ON DELETE CASCADE,
    product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    PRIMARY KEY (promo_id, product_id)
  );
  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    username TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    phone TEXT,
    token_version INTEGER NOT NULL DEFAULT 0,
    created_by TEXT NOT NULL DEFAULT 'SIGNUP',
    created_at TEXT NOT NULL
  );
  CREATE TABLE addresses (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    country TEXT NOT NULL,
    province TEXT,
    city TEXT NOT NULL,
    street TEXT NOT NULL,
    postal_code TEXT NOT NULL,
    apartment TEXT,
    phone_number TEXT NOT NULL,
    is_default INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  );
  CREATE INDEX addresses_user ON addresses(user_id);
  CREATE TABLE carts (
    id INTEGER PRIMARY KEY,
    user_id INTEGER UNIQUE REFERENCES users(id) ON DELETE CASCADE,
    guest_token TEXT UNIQUE,
    ship_method_id INTEGER REFERENCES ship_methods(id),
    promo_id INTEGER REFERENCES promos(id),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE cart_items (
    id INTEGER PRIMARY KEY,
    cart_id INTEGER NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
    product_id INTEGER NOT NULL REFERENCES products(id),
    quantity INTEGER NOT NULL CHECK (quantity >= 1),
    UNIQUE (cart_id, product_id)
  );
  CREATE TABLE orders (
    id INTEGER PRIMARY KEY,
    user_id INTEGER REFERENCES users(id),
    email TEXT NOT NULL,
    order_token TEXT,
    -- the guest cart the order came from, emptied once the order is paid
    cart_token TEXT,
    -- 'user:<id>' or 'guest:<email>': the scope an idempotency key is unique in
    owner_key TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    status TEXT NOT NULL,
    payment_status TEXT NOT NULL DEFAULT 'UNPAID',
    payment_method TEXT NOT NULL,
    ship_method_id INTEGER,
    ship_method_name TEXT NOT NULL,
    shipping_address TEXT NOT NULL,
    currency TEXT NOT NULL DEFAULT 'USD',
    promo_code TEXT,
    subtotal_cents INTEGER NOT NULL,
    tax_cents INTEGER NOT NULL,
    shipping_cents INTEGER NOT NULL,
    discount_cents INTEGER NOT NULL,
    total_cents INTEGER NOT NULL,
    payment_intent_id TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (owner_key, idempotency_key)
  );
  CREATE INDEX orders_user ON orders(user_id);
  CREATE TABLE order_items (
    id INTEGER PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    product_id INTEGER NOT NULL,
    product_name TEXT NOT NULL,
    product_img TEXT,
    product_category TEXT NOT NULL,
    price_cents INTEGER NOT NULL,
    quantity INTEGER NOT NULL
  );
  CREATE INDEX order_items_order ON order_items(order_id);
  CREATE TABLE order_status_history (
    id INTEGER PRIMARY KEY,
    order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    note TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX order_status_history_order ON order_status_history(order_id);
  CREATE TABLE payment_intents (
    id TEXT PRIMARY KEY,
    client_secret TEXT NOT NULL UNIQUE,
    order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    amount_cents INTEGER NOT NULL,
    currency TEXT NOT NULL DEFAULT 'usd',
    status TEXT NOT NULL,
    last_error TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

function migrate(db: Database): void {
  const current = Number(db.exec('PRAGMA user_version')[0]?.values[0]?.[0] ?? 0);
  for (let v = current; v < MIGRATIONS.length; v += 1) {
    db.run('BEGIN');
    try {
      db.exec(MIGRATIONS[v] ?? '');
      db.run(`PRAGMA user_version = ${v + 1}`);
      db.run('COMMIT');
    } catch (error) {
      db.run('ROLLBACK');
      throw error;
    }
  }
}

export interface OpenDbOptions {
  /** File path; ':memory:' keeps everything in memory and never writes. */
  file?: string;
}

export async function openDb(options: OpenDbOptions = {}): Promise<Db> {
  const SQL = await loadSql();
  const file = options.file === ':memory:' ? ':memory:' : resolve(options.file ?? DEFAULT_DB_FILE);
  let raw: Database;
  if (file !== ':memory:' && existsSync(file)) {
    raw = new SQL.Database(readFileSync(file));
  } else {
    raw = new SQL.Database();
  }
  raw.exec(PRAGMAS);
  migrate(raw);

  let depth = 0;
  let closed = false;

  function persist(): void {
    if (file === ':memory:' || closed) return;
    // export() closes and reopens the connection inside sql.js, which resets pragmas.
    const bytes = raw.export();
    raw.exec(PRAGMAS);
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, bytes);
    renameSync(tmp, file);
  }

  function all<T extends Row = Row>(sql: string, params: Params = []): T[] {
    const stmt = raw.prepare(sql);
    try {
      stmt.bind(params);
      const rows: T[] = [];
      while (stmt.step()) rows.push(stmt.getAsObject() as T);
      return rows;
    } finally {
      stmt.free();
    }
  }

  const db: Db = {
    file,
    all,
    get<T extends Row = Row>(sql: string, params: Params = []): T | undefined {
      return all<T>(sql, params)[0];
    },
    run(sql: string, params: Params = []) {
      raw.run(sql, params);
      const changes = raw.getRowsModified();
      const lastId = Number(raw.exec('SELECT last_insert_rowid()')[0]?.values[0]?.[0] ?? 0);
      return { changes, lastId };
    },
    transaction<T>(fn: () => T): T {
      if (depth > 0) return fn();
      raw.run('BEGIN');
      depth = 1;
      let result: T;
      try {
        result = fn();
        if (result instanceof Promise) {
          throw new Error('transaction(fn): fn must be synchronous');
        }
        raw.run('COMMIT');
      } catch (error) {
        try {
          raw.run('ROLLBACK');
        } catch {
          // the transaction may already be gone (e.g. the failure was the COMMIT itself)
        }
        throw error;
      } finally {
        depth = 0;
      }
      persist();
      return result;
    },
    persist,
    resetSchema() {
      const tables = all<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
      );
      raw.exec('PRAGMA foreign_keys = OFF;');
      for (const { name } of tables) raw.exec(`DROP TABLE IF EXISTS "${name}"`);
      raw.exec('PRAGMA user_version = 0;');
      raw.exec(PRAGMAS);
      migrate(raw);
      persist();
    },
    close() {
      if (closed) return;
      persist();
      closed = true;
      raw.close();
    },
  };
  // A brand-new file gets written once so the path exists even before the first write.
  if (file !== ':memory:' && !existsSync(file)) persist();
  return db;
}
