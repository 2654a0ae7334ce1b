import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'libsql';

import type { Db, Params, Row } from './db-types';
import { openPostgres } from './db-postgres';

export type { Db, Row } from './db-types';

const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_DB_FILE = resolve(serverRoot, 'data', 'shop.sqlite');

/**
 * busy_timeout comes first: every later pragma may have to wait for another connection (a second
 * process opening a fresh file, `npm run db:reset` racing a running server), and without it the
 * wait fails at once ("database is locked"). WAL: a commit appends the changed pages to the log
 * instead of rewriting the file, and readers never wait for it. synchronous=FULL fsyncs the log at
 * every commit, so a committed order survives a power cut; NORMAL would fsync only at
 * checkpoints, and a power cut could undo the last commits (consistent, but not durable).
 */
const PRAGMAS = [
  'PRAGMA busy_timeout = 5000',
  'PRAGMA journal_mode = WAL',
  'PRAGMA synchronous = FULL',
  'PRAGMA foreign_keys = ON',
];

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
  // 2: single-use identity-provider nonces, stock reservations of unpaid card orders, and an
  // index to find abandoned guest carts.
  `
  CREATE TABLE idp_consents (
    nonce_hash TEXT PRIMARY KEY,
    -- the browser that opened the consent page (its cookie), hashed like the nonce
    binding_hash TEXT NOT NULL,
    return_to TEXT NOT NULL,
    expires_at TEXT NOT NULL
  );
  ALTER TABLE orders ADD COLUMN reserved_until TEXT;
  CREATE INDEX orders_reserved_until ON orders(reserved_until) WHERE reserved_until IS NOT NULL;
  CREATE INDEX carts_guest_updated ON carts(updated_at) WHERE user_id IS NULL;
  `,
  // 3: every unpaid order holds a lapsing reservation (issue 15). stock_held says whether its
  // units are out of stock now (a declined payment gives them back until a retry takes them
  // again); client_address counts open orders per address. Unpaid orders from before, which
  // held their stock for good, get one day from now.
  `
  ALTER TABLE orders ADD COLUMN stock_held INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE orders ADD COLUMN client_address TEXT;
  UPDATE orders SET reserved_until = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 day')
    WHERE reserved_until IS NULL AND status IN ('PENDING', 'PAYMENT_FAILED');
  -- Signed-out tokens (by their jti) until they would have expired anyway.
  CREATE TABLE revoked_tokens (jti TEXT PRIMARY KEY, expires_at TEXT NOT NULL);
  CREATE INDEX revoked_tokens_expires ON revoked_tokens(expires_at);
  `,
  // 4: OpenID Connect sign-in (issue 15). An account from a provider is found by the provider's
  // issuer and subject, never by email. Flows in progress and pending links to password accounts
  // live here, hashed and bound to the browser by the lumen_oidc cookie. The simulated provider's
  // nonces go; accounts it created stay (no password, no identity: nobody can sign into them).
  `
  CREATE TABLE user_identities (
    issuer TEXT NOT NULL,
    subject TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    PRIMARY KEY (issuer, subject)
  );
  CREATE INDEX user_identities_user ON user_identities(user_id);
  CREATE TABLE oidc_flows (
    state_hash TEXT PRIMARY KEY,
    binding_hash TEXT NOT NULL,
    code_verifier TEXT NOT NULL,
    nonce TEXT NOT NULL,
    redirect_uri TEXT NOT NULL,
    return_to TEXT NOT NULL,
    expires_at TEXT NOT NULL
  );
  CREATE TABLE oidc_links (
    token_hash TEXT PRIMARY KEY,
    binding_hash TEXT NOT NULL,
    issuer TEXT NOT NULL,
    subject TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    return_to TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    expires_at TEXT NOT NULL
  );
  DROP TABLE IF EXISTS idp_consents;
  `,
  // 5: each space's media size, so the gallery lays out before its media loads (issue 19). Only
  // the seed writes spaces: rows from before get their seed media's size (seed-catalogue.ts),
  // anything else the art's most common 4:3.
  `
  ALTER TABLE spaces ADD COLUMN width INTEGER NOT NULL DEFAULT 1200 CHECK (width > 0);
  ALTER TABLE spaces ADD COLUMN height INTEGER NOT NULL DEFAULT 900 CHECK (height > 0);
  UPDATE spaces SET
    width = CASE image
      WHEN '/images/spaces/2.svg' THEN 1600 WHEN '/images/spaces/3.svg' THEN 900
      WHEN '/images/spaces/4.svg' THEN 1200 WHEN '/images/spaces/5.svg' THEN 1000
      WHEN '/images/spaces/6.svg' THEN 900 WHEN '/images/spaces/7.svg' THEN 1600
      WHEN '/media/spaces/9.webm' THEN 640 ELSE width END,
    height = CASE image
      WHEN '/images/spaces/2.svg' THEN 900 WHEN '/images/spaces/3.svg' THEN 1200
      WHEN '/images/spaces/4.svg' THEN 800 WHEN '/images/spaces/5.svg' THEN 1000
      WHEN '/images/spaces/6.svg' THEN 1200 WHEN '/images/spaces/7.svg' THEN 900
      WHEN '/media/spaces/9.webm' THEN 360 ELSE height END;
  `,
  // 6: real card payments (ADR-0050). Stripe's webhook events by id, each applied once; the
  // intents of the sandbox's Stripe stand-in and its idempotent requests (Stripe's side of the
  // wire, only used while no real key is set). Intents the old sandbox made move to the stand-in,
  // so their orders can still be paid there.
  `
  CREATE TABLE payment_events (
    id TEXT PRIMARY KEY,
    type TEXT NOT NULL,
    intent_id TEXT,
    outcome TEXT NOT NULL,
    received_at TEXT NOT NULL
  );
  CREATE INDEX payment_intents_order ON payment_intents(order_id);
  CREATE TABLE stripe_stand_in_intents (
    id TEXT PRIMARY KEY,
    client_secret TEXT NOT NULL UNIQUE,
    amount INTEGER NOT NULL CHECK (amount > 0),
    currency TEXT NOT NULL,
    status TEXT NOT NULL,
    metadata TEXT NOT NULL DEFAULT '{}',
    last_payment_error TEXT,
    next_action TEXT,
    pending_card TEXT,
    payment_method TEXT,
    cancellation_reason TEXT,
    created INTEGER NOT NULL
  );
  CREATE TABLE stripe_stand_in_requests (
    idempotency_key TEXT PRIMARY KEY,
    fingerprint TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL,
    created INTEGER NOT NULL
  );
  INSERT INTO stripe_stand_in_intents (id, client_secret, amount, currency, status, metadata, created)
    SELECT id, client_secret, amount_cents, currency, status, json_object('orderId', CAST(order_id AS TEXT)),
      CAST(strftime('%s', created_at) AS INTEGER)
    FROM payment_intents WHERE amount_cents > 0;
  `,
  // 7: a promo paid for by card only (issue 30: "With Credit or Debit Card"); an order paid
  // cash on delivery is refused it. The seed marks DISKON50; a database seeded before learns it here.
  `
  ALTER TABLE promos ADD COLUMN card_only INTEGER NOT NULL DEFAULT 0 CHECK (card_only IN (0, 1));
  UPDATE promos SET card_only = 1 WHERE code = 'DISKON50';
  `,
  // 8: stock can't be held hostage; cash on delivery like a real shop's (issue 28, ADR-0061).
  // - users.role: OWNER may move orders along (PATCH /order/{id}/status); everyone else SHOPPER.
  // - order_items.units_held: the units the line takes out of stock now (0 once they went back),
  //   products.stock_received: every unit the shop ever had, so stock is conserved:
  //   quantity + SUM(units_held) = stock_received (invariants.ts).
  // - products.unpaid_held: units of the product in unpaid orders the shop has not acted on
  //   (PENDING, PAYMENT_FAILED), kept by the triggers below, so the hold share is one row read.
  // - orders.email_key, phone_key, client_net: the keys the open-order caps count by
  //   (caller-keys.ts), each behind a partial index of open orders only.
  // - A cash-on-delivery order is sold, not reserved: it never lapses (reserved_until NULL).
  `
  ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'SHOPPER' CHECK (role IN ('SHOPPER', 'OWNER'));
  ALTER TABLE order_items ADD COLUMN units_held INTEGER NOT NULL DEFAULT 0 CHECK (units_held >= 0);
  ALTER TABLE products ADD COLUMN unpaid_held INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE products ADD COLUMN stock_received INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE orders ADD COLUMN email_key TEXT;
  ALTER TABLE orders ADD COLUMN phone_key TEXT;
  ALTER TABLE orders ADD COLUMN client_net TEXT;
  UPDATE order_items SET units_held = quantity
    WHERE order_id IN (SELECT id FROM orders WHERE stock_held = 1);
  UPDATE orders SET email_key = lower(trim(email)), client_net = client_address,
    phone_key = json_extract(shipping_address, '$.phoneNumber');
  UPDATE orders SET reserved_until = NULL
    WHERE payment_method = 'cod' AND status IN ('PENDING', 'PAYMENT_FAILED');
  UPDATE products SET
    stock_received = quantity + COALESCE((SELECT SUM(i.units_held) FROM order_items i WHERE i.product_id = products.id), 0),
    unpaid_held = COALESCE((SELECT SUM(i.units_held) FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE i.product_id = products.id AND o.status IN ('PENDING', 'PAYMENT_FAILED')), 0);
  CREATE INDEX orders_open_owner ON orders(owner_key) WHERE status IN ('PENDING', 'PAYMENT_FAILED');
  CREATE INDEX orders_open_email ON orders(email_key) WHERE status IN ('PENDING', 'PAYMENT_FAILED');
  CREATE INDEX orders_open_phone ON orders(phone_key) WHERE status IN ('PENDING', 'PAYMENT_FAILED');
  CREATE INDEX orders_open_net ON orders(client_net, created_at) WHERE status IN ('PENDING', 'PAYMENT_FAILED');
  CREATE TRIGGER order_items_unpaid_insert AFTER INSERT ON order_items
    WHEN NEW.units_held <> 0
      AND (SELECT status FROM orders WHERE id = NEW.order_id) IN ('PENDING', 'PAYMENT_FAILED')
    BEGIN
      UPDATE products SET unpaid_held = unpaid_held + NEW.units_held WHERE id = NEW.product_id;
    END;
  CREATE TRIGGER order_items_unpaid_update AFTER UPDATE OF units_held ON order_items
    WHEN NEW.units_held <> OLD.units_held
      AND (SELECT status FROM orders WHERE id = NEW.order_id) IN ('PENDING', 'PAYMENT_FAILED')
    BEGIN
      UPDATE products SET unpaid_held = unpaid_held + NEW.units_held - OLD.units_held
        WHERE id = NEW.product_id;
    END;
  CREATE TRIGGER orders_unpaid_leave AFTER UPDATE OF status ON orders
    WHEN OLD.status IN ('PENDING', 'PAYMENT_FAILED') AND NEW.status NOT IN ('PENDING', 'PAYMENT_FAILED')
    BEGIN
      UPDATE products SET unpaid_held = unpaid_held - (SELECT SUM(i.units_held) FROM order_items i
          WHERE i.order_id = NEW.id AND i.product_id = products.id)
        WHERE id IN (SELECT product_id FROM order_items WHERE order_id = NEW.id);
    END;
  CREATE TRIGGER orders_unpaid_enter AFTER UPDATE OF status ON orders
    WHEN OLD.status NOT IN ('PENDING', 'PAYMENT_FAILED') AND NEW.status IN ('PENDING', 'PAYMENT_FAILED')
    BEGIN
      UPDATE products SET unpaid_held = unpaid_held + (SELECT SUM(i.units_held) FROM order_items i
          WHERE i.order_id = NEW.id AND i.product_id = products.id)
        WHERE id IN (SELECT product_id FROM order_items WHERE order_id = NEW.id);
    END;
  `,
  // 9 (issue 28, ADR-0062): sign-ins started are counted per client (an IPv4 address or
  // an IPv6 /64), and a promo may be limited per customer (NULL: no limit), counted over the
  // orders that carry its code.
  `
  ALTER TABLE oidc_flows ADD COLUMN client_key TEXT NOT NULL DEFAULT '';
  CREATE INDEX oidc_flows_client ON oidc_flows(client_key, expires_at);
  CREATE INDEX oidc_flows_expiry ON oidc_flows(expires_at);
  ALTER TABLE promos ADD COLUMN max_uses_per_customer INTEGER
    CHECK (max_uses_per_customer IS NULL OR max_uses_per_customer >= 1);
  CREATE INDEX orders_promo_code ON orders(promo_code COLLATE NOCASE) WHERE promo_code IS NOT NULL;
  `,
  // 10 (issue 29, ADR-0066): what several server processes on one database must share moves out
  // of the process. The sign-in throttle's counts (counter: pair, account, address or signup; the
  // times in milliseconds) and the guest-order claims per account (claim), the (account, address)
  // pairs that signed in before, the password checks in flight; and named values of the shop's own
  // (the JWT secret on PostgreSQL).
  `
  CREATE TABLE sign_in_counts (
    counter TEXT NOT NULL,
    name TEXT NOT NULL,
    count INTEGER NOT NULL,
    last_at INTEGER NOT NULL,
    blocked_until INTEGER NOT NULL,
    PRIMARY KEY (counter, name)
  );
  CREATE INDEX sign_in_counts_last ON sign_in_counts(last_at);
  CREATE TABLE sign_in_known (pair TEXT PRIMARY KEY, at INTEGER NOT NULL);
  CREATE INDEX sign_in_known_at ON sign_in_known(at);
  CREATE TABLE sign_in_flights (
    id TEXT PRIMARY KEY,
    flight TEXT,
    address TEXT NOT NULL,
    started_at INTEGER NOT NULL
  );
  CREATE INDEX sign_in_flights_flight ON sign_in_flights(flight);
  CREATE INDEX sign_in_flights_address ON sign_in_flights(address);
  CREATE TABLE shop_state (name TEXT PRIMARY KEY, value TEXT NOT NULL);
  `,
];

type Raw = InstanceType<typeof Database>;
interface Statement {
  all(...params: Params): unknown[];
  get(...params: Params): unknown;
  run(...params: Params): { changes: number };
}

function userVersion(raw: Raw): number {
  const row = raw.prepare('PRAGMA user_version').get() as { user_version?: number } | undefined;
  return Number(row?.user_version ?? 0);
}

/**
 * Every pending migration in one BEGIN IMMEDIATE transaction. The version is read once the write
 * lock is held, so a second process that waited for it finds the work done instead of running the
 * same migrations again.
 */
function migrate(raw: Raw): void {
  raw.exec('BEGIN IMMEDIATE');
  try {
    for (let v = userVersion(raw); v < MIGRATIONS.length; v += 1) {
      raw.exec(MIGRATIONS[v] ?? '');
      raw.exec(`PRAGMA user_version = ${v + 1}`);
    }
    raw.exec('COMMIT');
  } catch (error) {
    if (raw.inTransaction) raw.exec('ROLLBACK');
    throw error;
  }
}

export interface OpenDbOptions {
  /** File path; ':memory:' keeps everything in memory. */
  file?: string;
  /** postgres://…: PostgreSQL instead of the file (DATABASE_URL, ADR-0066). */
  url?: string | null;
}

// Statements are compiled once per SQL text; the server uses a fixed set of them.
const MAX_CACHED_STATEMENTS = 500;

/**
 * One connection, one turn at a time (ADR-0064). A transaction holds the turn from BEGIN to
 * COMMIT, across its awaits; a statement outside a transaction takes it for that one statement.
 * When the turn is free a statement runs at once (libsql is synchronous), so the usual path costs
 * no extra tick; otherwise it queues, first come first served.
 */
class Turn {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  get free(): boolean {
    return !this.held;
  }

  take(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolvePromise) => this.waiting.push(resolvePromise));
  }

  /** Hands the turn to the next in line, if any (it stays held), else frees it. */
  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

/** The transaction an async call chain runs in: which connection, and whether it is still open. */
interface OpenTransaction {
  turn: Turn;
  open: boolean;
  afterCommit: (() => Promise<void>)[];
}

// Follows a transaction's function through every await, however deep its callers' helpers go.
const currentTransaction = new AsyncLocalStorage<OpenTransaction>();

/** PostgreSQL when a URL is given (DATABASE_URL), else the SQLite file. */
export async function openDb(options: OpenDbOptions = {}): Promise<Db> {
  if (options.url) return openPostgres(options.url);
  return openSqlite(options.file);
}

// Async for the callers' sake: the engine is synchronous, PostgreSQL is not.
async function openSqlite(fileOption: string | undefined): Promise<Db> {
  const file = fileOption === ':memory:' ? ':memory:' : resolve(fileOption ?? DEFAULT_DB_FILE);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const raw: Raw = new Database(file);
  for (const pragma of PRAGMAS) raw.exec(pragma);
  migrate(raw);

  let closed = false;
  const turn = new Turn();
  const statements = new Map<string, Statement>();

  /**
   * `get` has statements of its own: libsql 0.5.29's `get` on a statement that last ran `all`
   * answers that run's first row again, whatever the new parameters (checked by db-engines.test.ts).
   */
  function prepare(sql: string, use: 'get' | 'all' = 'all'): Statement {
    const key = use === 'get' ? `get\u0000${sql}` : sql;
    let stmt = statements.get(key);
    if (!stmt) {
      if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
      stmt = raw.prepare<Params>(sql);
      statements.set(key, stmt);
    }
    return stmt;
  }

  /** True when the caller runs inside an open transaction of this connection. */
  function inTransaction(): boolean {
    const tx = currentTransaction.getStore();
    return tx !== undefined && tx.turn === turn && tx.open;
  }

  /** Runs one statement in its turn: at once inside our transaction or when nobody holds the turn. */
  async function statement<T>(run: () => T): Promise<T> {
    if (inTransaction()) return run();
    if (turn.free) return run();
    await turn.take();
    try {
      return run();
    } finally {
      turn.give();
    }
  }

  function allNow<T extends Row>(sql: string, params: Params): T[] {
    return prepare(sql).all(...params) as T[];
  }

  function getNow<T extends Row>(sql: string, params: Params): T | undefined {
    const row = prepare(sql, 'get').get(...params) as (T & { _metadata?: unknown }) | undefined;
    // libsql adds an enumerable timing field to single rows; it is not a column.
    if (row) delete row._metadata;
    return row;
  }

  function checkpoint(): void {
    if (file === ':memory:' || closed) return;
    raw.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  }

  /** Runs fn holding the whole turn (nothing else touches the connection meanwhile). */
  async function exclusive<T>(fn: () => T): Promise<T> {
    await turn.take();
    try {
      return fn();
    } finally {
      turn.give();
    }
  }

  const db: Db = {
    engine: 'sqlite',
    file,
    all: <T extends Row = Row>(sql: string, params: Params = []) =>
      statement(() => allNow<T>(sql, params)),
    get: <T extends Row = Row>(sql: string, params: Params = []) =>
      statement(() => getNow<T>(sql, params)),
    run: (sql: string, params: Params = []) =>
      statement(() => ({ changes: prepare(sql).run(...params).changes })),
    // One connection, one turn: every transaction is in one queue already (TransactionOptions).
    async transaction<T>(fn: () => Promise<T>): Promise<T> {
      if (inTransaction()) return fn();
      await turn.take();
      const tx: OpenTransaction = { turn, open: true, afterCommit: [] };
      let result: T;
      try {
        // IMMEDIATE takes the write lock up front, so another process (db:reset) fails fast
        // instead of deadlocking half-way through.
        raw.exec('BEGIN IMMEDIATE');
        try {
          result = await currentTransaction.run(tx, fn);
          raw.exec('COMMIT');
        } catch (error) {
          if (raw.inTransaction) raw.exec('ROLLBACK');
          throw error;
        }
      } finally {
        // A callback fn started but did not await finds the transaction closed: it queues.
        tx.open = false;
        turn.give();
      }
      for (const after of tx.afterCommit) await after();
      return result;
    },
    async afterCommit(fn) {
      const tx = currentTransaction.getStore();
      if (tx !== undefined && tx.turn === turn && tx.open) tx.afterCommit.push(fn);
      else await fn();
    },
    // One server process per file (ADR-0064): nobody else runs it.
    async exclusively(_name, fn) {
      await fn();
      return true;
    },
    // SQLite's INTEGER PRIMARY KEY takes the largest id + 1 by itself.
    idsInserted: () => Promise.resolve(),
    persist: () => exclusive(checkpoint),
    resetSchema: () =>
      exclusive(() => {
        const tables = allNow<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
          [],
        );
        statements.clear();
        raw.exec('PRAGMA foreign_keys = OFF');
        for (const { name } of tables) raw.exec(`DROP TABLE IF EXISTS "${name}"`);
        raw.exec('PRAGMA user_version = 0');
        raw.exec('PRAGMA foreign_keys = ON');
        migrate(raw);
      }),
    close: () =>
      exclusive(() => {
        if (closed) return;
        checkpoint();
        closed = true;
        statements.clear();
        raw.close();
      }),
  };
  return db;
}
