// Throttles password guessing (issue 15). An attempt is reserved BEFORE its password is hashed
// (counted as a failure at once, given back when it succeeds), so parallel guesses cannot all
// slip past the check; at most one check per account is in flight. Failures are counted on three
// keys, each with its own allowance, past which every further failure doubles the wait:
//   - the account from this address (5): a guesser at one account from one place;
//   - the account from anywhere (20): guesses from many addresses; 5 from elsewhere do not touch
//     the owner, and past 20 guessers wait seconds to minutes. It never applies to the owner's
//     known device (a device cookie, OWASP's "device cookies", ADR-0062) nor to an address the
//     account signed in from before: those count on their own key (the device, or the account
//     from that address), so guesses from elsewhere cannot lock the owner out;
//   - the address, all accounts (50): one address trying many accounts. An account that signed
//     in from this address before is not held back by it, so a flood from behind a shared proxy
//     does not lock out the shoppers who use it (configure TRUSTED_PROXIES to see real addresses).
// Sign-ups are counted per address the same way. The counts live in the database (sign_in_counts,
// sign_in_known, sign_in_flights), so every server process on one database shares them (ADR-0066).
import { randomUUID } from 'node:crypto';
import type { Db, Row } from './db';

export interface SignInLimits {
  /** Failed attempts on one account from one address before waits start. */
  pairFailures: number;
  /** Failed attempts on one account from all addresses before waits start. */
  accountFailures: number;
  /** Failed attempts from one address (any accounts) before waits start. */
  addressFailures: number;
  /** Sign-ups from one address before waits start. */
  addressSignups: number;
  /** Checks in flight from one address at once (each holds a password-hash slot). */
  addressInFlight: number;
  /** The first wait past an allowance; each further failure doubles it. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  /** A key's count is forgotten this long after its last failure. */
  windowSeconds: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  pairFailures: 5,
  accountFailures: 20,
  addressFailures: 50,
  addressSignups: 10,
  addressInFlight: 4,
  baseDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  windowSeconds: 15 * 60,
};

// How long a successful (account, address) pair is remembered as known.
const KNOWN_PAIR_MS = 30 * 24 * 60 * 60 * 1000;
// A check in flight that was never finished (its process died) stops counting after this long.
const FLIGHT_MS = 2 * 60 * 1000;

type Counter = 'pair' | 'account' | 'address' | 'signup';

interface Entry {
  count: number;
  last_at: number;
  blocked_until: number;
}

/**
 * One delay counter: a row per (counter, name) in sign_in_counts. Called inside the throttle's
 * transactions, so a check and the count it adds are one step for every instance (ADR-0066).
 */
class DelayCounter {
  constructor(
    private readonly db: Db,
    private readonly counter: Counter,
    private readonly allowance: number,
    private readonly limits: SignInLimits,
  ) {}

  async snapshot(name: string): Promise<Entry | undefined> {
    const row = await this.db.get<Entry & Row>(
      'SELECT count, last_at, blocked_until FROM sign_in_counts WHERE counter = ? AND name = ?',
      [this.counter, name],
    );
    return row && { count: row.count, last_at: row.last_at, blocked_until: row.blocked_until };
  }

  /** Milliseconds until the counter with entry `e` may try again, or 0. */
  static blockedFor(e: Entry | undefined, now: number): number {
    return e && e.blocked_until > now ? e.blocked_until - now : 0;
  }

  async restore(name: string, entry: Entry | undefined): Promise<void> {
    if (!entry) {
      await this.clear(name);
      return;
    }
    await this.db.run(
      `INSERT INTO sign_in_counts (counter, name, count, last_at, blocked_until) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (counter, name) DO UPDATE SET count = excluded.count, last_at = excluded.last_at,
         blocked_until = excluded.blocked_until`,
      [this.counter, name, entry.count, entry.last_at, entry.blocked_until],
    );
  }

  /** Counts a failure on `name`, whose entry was `before` (read in this transaction). */
  async add(name: string, before: Entry | undefined, now: number): Promise<void> {
    let e = before && { ...before };
    if (!e || now - e.last_at > this.limits.windowSeconds * 1000) {
      e = { count: 0, last_at: now, blocked_until: 0 };
    }
    e.count += 1;
    e.last_at = now;
    // The failure that uses the allowance up starts the first wait; each one after doubles it.
    if (e.count >= this.allowance) {
      const doublings = Math.min(30, e.count - this.allowance);
      const seconds = Math.min(
        this.limits.maxDelaySeconds,
        this.limits.baseDelaySeconds * 2 ** doublings,
      );
      e.blocked_until = now + seconds * 1000;
    }
    await this.restore(name, e);
  }

  async clear(name: string): Promise<void> {
    await this.db.run('DELETE FROM sign_in_counts WHERE counter = ? AND name = ?', [
      this.counter,
      name,
    ]);
  }
}

/** A reserved attempt: counted as failed until told otherwise; call exactly one method. */
export interface SignInTicket {
  /** The password was right: the account's counts are cleared, the address's reservation given back. */
  succeeded(): Promise<void>;
  /** The password was wrong: the reservation stands as a failure. */
  failed(): Promise<void>;
  /** Nothing was checked (the server was busy): every count is as before. */
  cancel(): Promise<void>;
}

type Reservation = { wait: number } | { ticket: SignInTicket };

interface ReserveOptions {
  /** Also refuse a second check of the same account (or device) while one is in flight. Default true. */
  exclusive?: boolean;
  /**
   * The caller's known device for this account (a verified device cookie's id), or null: its
   * failures count on the device, and the account-wide allowance does not apply to it.
   */
  device?: string | null;
}

export interface SignInThrottle {
  /**
   * Reserves a password check for `account` from `address`: either the seconds to wait, or a
   * ticket. Every password check goes through here: sign-in, account linking, password and
   * email changes (ADR-0062).
   */
  reserve(
    account: string,
    address: string,
    now: Date,
    options?: ReserveOptions,
  ): Promise<Reservation>;
  /** Reserves a sign-up from `address` (counted whatever its outcome). */
  reserveSignup(address: string, now: Date): Promise<Reservation>;
  /** Forgets counts past their window and wait, known pairs and flights past their time (housekeeping). */
  sweep(now: Date): Promise<void>;
}

export function createSignInThrottle(
  db: Db,
  partial: Partial<SignInLimits> = DEFAULT_SIGN_IN_LIMITS,
): SignInThrottle {
  const limits: SignInLimits = { ...DEFAULT_SIGN_IN_LIMITS, ...partial };
  const pairs = new DelayCounter(db, 'pair', limits.pairFailures, limits);
  const accounts = new DelayCounter(db, 'account', limits.accountFailures, limits);
  const addresses = new DelayCounter(db, 'address', limits.addressFailures, limits);
  const signups = new DelayCounter(db, 'signup', limits.addressSignups, limits);
  const accountKey = (account: string) => account.trim().toLowerCase();
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  async function inFlight(column: 'flight' | 'address', value: string, t: number): Promise<number> {
    const row = await db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM sign_in_flights WHERE ${column} = ? AND started_at > ?`,
      [value, t - FLIGHT_MS],
    );
    return Number(row?.n ?? 0);
  }

  /** A check in flight from `address` (and of `flight`, when exclusive); the id to end it by. */
  async function startFlight(flight: string | null, address: string, t: number): Promise<string> {
    const id = randomUUID();
    await db.run(
      'INSERT INTO sign_in_flights (id, flight, address, started_at) VALUES (?, ?, ?, ?)',
      [id, flight, address, t],
    );
    return id;
  }

  /** The ticket of flight `id`: its first outcome ends the flight, in one transaction; later ones do nothing. */
  function ticketFor(
    id: string,
    outcomes: { succeeded: () => Promise<void>; cancel: () => Promise<void> },
  ): SignInTicket {
    let done = false;
    const finish = (work: () => Promise<void>) => async () => {
      if (done) return;
      done = true;
      await db.transaction(async () => {
        await db.run('DELETE FROM sign_in_flights WHERE id = ?', [id]);
        await work();
      });
    };
    return {
      succeeded: finish(outcomes.succeeded),
      failed: finish(() => Promise.resolve()),
      cancel: finish(outcomes.cancel),
    };
  }

  return {
    reserve(account, address, now, options = {}) {
      const { exclusive = true, device = null } = options;
      const t = now.getTime();
      const acc = accountKey(account);
      const addressPair = `${acc}\n${address}`;
      // A known device counts on its own key: a stolen cookie still gets only `pairFailures`.
      const pair = device ? `${acc}\ndevice:${device}` : addressPair;
      const flight = device ? pair : acc;
      return db.transaction(async (): Promise<Reservation> => {
        // Few statements: each is a round trip on PostgreSQL, and every sign-in comes here.
        const flights = await db.get<{ mine: number | null; here: number | null }>(
          `SELECT SUM(CASE WHEN flight = ? THEN 1 ELSE 0 END) AS mine,
             SUM(CASE WHEN address = ? THEN 1 ELSE 0 END) AS here
           FROM sign_in_flights WHERE (flight = ? OR address = ?) AND started_at > ?`,
          [flight, address, flight, address, t - FLIGHT_MS],
        );
        if (exclusive && Number(flights?.mine ?? 0) > 0) return { wait: 1 };
        if (Number(flights?.here ?? 0) >= limits.addressInFlight) return { wait: 1 };
        const knownAt = (
          await db.get<{ at: number }>('SELECT at FROM sign_in_known WHERE pair = ?', [addressPair])
        )?.at;
        const isKnown = knownAt !== undefined && t - knownAt < KNOWN_PAIR_MS;
        // The owner's device or usual address: the account-wide count is the guessers', not theirs.
        const owner = device !== null || isKnown;
        const rows = await db.all<Entry & Row & { counter: string; name: string }>(
          `SELECT counter, name, count, last_at, blocked_until FROM sign_in_counts
           WHERE (counter = 'pair' AND name = ?) OR (counter = 'account' AND name = ?)
             OR (counter = 'address' AND name = ?)`,
          [pair, acc, address],
        );
        const entry = (counter: Counter): Entry | undefined => {
          const row = rows.find((r) => r.counter === counter);
          return (
            row && { count: row.count, last_at: row.last_at, blocked_until: row.blocked_until }
          );
        };
        const before = {
          pair: entry('pair'),
          account: entry('account'),
          address: entry('address'),
        };
        const ms = Math.max(
          DelayCounter.blockedFor(before.pair, t),
          owner ? 0 : DelayCounter.blockedFor(before.account, t),
          isKnown ? 0 : DelayCounter.blockedFor(before.address, t),
        );
        if (ms > 0) return { wait: seconds(ms) };
        await pairs.add(pair, before.pair, t);
        if (!owner) await accounts.add(acc, before.account, t);
        await addresses.add(address, before.address, t);
        const id = await startFlight(exclusive ? flight : null, address, t);
        return {
          ticket: ticketFor(id, {
            succeeded: async () => {
              await pairs.clear(pair);
              if (!owner) await accounts.clear(acc);
              await addresses.restore(address, before.address);
              await db.run(
                `INSERT INTO sign_in_known (pair, at) VALUES (?, ?)
                 ON CONFLICT (pair) DO UPDATE SET at = excluded.at`,
                [addressPair, t],
              );
            },
            cancel: async () => {
              await pairs.restore(pair, before.pair);
              if (!owner) await accounts.restore(acc, before.account);
              await addresses.restore(address, before.address);
            },
          }),
        };
      });
    },

    async sweep(now) {
      const t = now.getTime();
      await db.run('DELETE FROM sign_in_counts WHERE last_at < ? AND blocked_until <= ?', [
        t - limits.windowSeconds * 1000,
        t,
      ]);
      await db.run('DELETE FROM sign_in_known WHERE at <= ?', [t - KNOWN_PAIR_MS]);
      await db.run('DELETE FROM sign_in_flights WHERE started_at <= ?', [t - FLIGHT_MS]);
    },

    reserveSignup(address, now) {
      const t = now.getTime();
      return db.transaction(async (): Promise<Reservation> => {
        if ((await inFlight('address', address, t)) >= limits.addressInFlight) return { wait: 1 };
        const before = await signups.snapshot(address);
        const ms = DelayCounter.blockedFor(before, t);
        if (ms > 0) return { wait: seconds(ms) };
        await signups.add(address, before, t);
        const id = await startFlight(null, address, t);
        return {
          ticket: ticketFor(id, {
            succeeded: () => Promise.resolve(),
            cancel: () => signups.restore(address, before),
          }),
        };
      });
    },
  };
}

/** "Please try again in 42 seconds." / "… in 15 minutes.", for a message the UI shows as is. */
export function tryAgainIn(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
