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
// Sign-ups are counted per address the same way. State lives in memory, per process.
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
// Beyond this many tracked keys, expired entries are swept (a flood of random emails cannot grow memory).
const SWEEP_AT = 10_000;

interface Entry {
  count: number;
  lastAt: number;
  blockedUntil: number;
}

class DelayCounter {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly allowance: number,
    private readonly limits: SignInLimits,
  ) {}

  /** Milliseconds until `key` may try again, or 0. */
  blockedFor(key: string, now: number): number {
    const e = this.entries.get(key);
    return e && e.blockedUntil > now ? e.blockedUntil - now : 0;
  }

  snapshot(key: string): Entry | undefined {
    const e = this.entries.get(key);
    return e ? { ...e } : undefined;
  }

  restore(key: string, entry: Entry | undefined): void {
    if (entry) this.entries.set(key, entry);
    else this.entries.delete(key);
  }

  add(key: string, now: number): void {
    let e = this.entries.get(key);
    if (!e || now - e.lastAt > this.limits.windowSeconds * 1000) {
      if (this.entries.size >= SWEEP_AT) this.sweep(now);
      e = { count: 0, lastAt: now, blockedUntil: 0 };
      this.entries.set(key, e);
    }
    e.count += 1;
    e.lastAt = now;
    // The failure that uses the allowance up starts the first wait; each one after doubles it.
    if (e.count >= this.allowance) {
      const doublings = Math.min(30, e.count - this.allowance);
      const seconds = Math.min(
        this.limits.maxDelaySeconds,
        this.limits.baseDelaySeconds * 2 ** doublings,
      );
      e.blockedUntil = now + seconds * 1000;
    }
  }

  clear(key: string): void {
    this.entries.delete(key);
  }

  private sweep(now: number): void {
    const windowMs = this.limits.windowSeconds * 1000;
    for (const [key, e] of this.entries) {
      if (e.blockedUntil <= now && now - e.lastAt > windowMs) this.entries.delete(key);
    }
  }
}

/** A reserved attempt: counted as failed until told otherwise; call exactly one method. */
export interface SignInTicket {
  /** The password was right: the account's counts are cleared, the address's reservation given back. */
  succeeded(): void;
  /** The password was wrong: the reservation stands as a failure. */
  failed(): void;
  /** Nothing was checked (the server was busy): every count is as before. */
  cancel(): void;
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
  reserve(account: string, address: string, now: Date, options?: ReserveOptions): Reservation;
  /** Reserves a sign-up from `address` (counted whatever its outcome). */
  reserveSignup(address: string, now: Date): Reservation;
}

export function createSignInThrottle(
  partial: Partial<SignInLimits> = DEFAULT_SIGN_IN_LIMITS,
): SignInThrottle {
  const limits: SignInLimits = { ...DEFAULT_SIGN_IN_LIMITS, ...partial };
  const pairs = new DelayCounter(limits.pairFailures, limits);
  const accounts = new DelayCounter(limits.accountFailures, limits);
  const addresses = new DelayCounter(limits.addressFailures, limits);
  const signups = new DelayCounter(limits.addressSignups, limits);
  const known = new Map<string, number>();
  const accountsInFlight = new Set<string>();
  const addressesInFlight = new Map<string, number>();
  const accountKey = (account: string) => account.trim().toLowerCase();
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  function holdAddress(address: string): () => void {
    addressesInFlight.set(address, (addressesInFlight.get(address) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (addressesInFlight.get(address) ?? 1) - 1;
      if (left <= 0) addressesInFlight.delete(address);
      else addressesInFlight.set(address, left);
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
      if (exclusive && accountsInFlight.has(flight)) return { wait: 1 };
      if ((addressesInFlight.get(address) ?? 0) >= limits.addressInFlight) return { wait: 1 };
      const knownAt = known.get(addressPair);
      const isKnown = knownAt !== undefined && t - knownAt < KNOWN_PAIR_MS;
      // The owner's device or usual address: the account-wide count is the guessers', not theirs.
      const owner = device !== null || isKnown;
      const ms = Math.max(
        pairs.blockedFor(pair, t),
        owner ? 0 : accounts.blockedFor(acc, t),
        isKnown ? 0 : addresses.blockedFor(address, t),
      );
      if (ms > 0) return { wait: seconds(ms) };
      const before = {
        pair: pairs.snapshot(pair),
        account: accounts.snapshot(acc),
        address: addresses.snapshot(address),
      };
      pairs.add(pair, t);
      if (!owner) accounts.add(acc, t);
      addresses.add(address, t);
      if (exclusive) accountsInFlight.add(flight);
      const releaseAddress = holdAddress(address);
      let done = false;
      const finish = (): boolean => {
        if (done) return false;
        done = true;
        if (exclusive) accountsInFlight.delete(flight);
        releaseAddress();
        return true;
      };
      return {
        ticket: {
          succeeded() {
            if (!finish()) return;
            pairs.clear(pair);
            if (!owner) accounts.clear(acc);
            addresses.restore(address, before.address);
            if (known.size >= SWEEP_AT) {
              for (const [key, at] of known) if (t - at >= KNOWN_PAIR_MS) known.delete(key);
            }
            known.set(addressPair, t);
          },
          failed() {
            finish();
          },
          cancel() {
            if (!finish()) return;
            pairs.restore(pair, before.pair);
            if (!owner) accounts.restore(acc, before.account);
            addresses.restore(address, before.address);
          },
        },
      };
    },

    reserveSignup(address, now) {
      const t = now.getTime();
      if ((addressesInFlight.get(address) ?? 0) >= limits.addressInFlight) return { wait: 1 };
      const ms = signups.blockedFor(address, t);
      if (ms > 0) return { wait: seconds(ms) };
      const before = signups.snapshot(address);
      signups.add(address, t);
      const releaseAddress = holdAddress(address);
      return {
        ticket: {
          succeeded: releaseAddress,
          failed: releaseAddress,
          cancel() {
            releaseAddress();
            signups.restore(address, before);
          },
        },
      };
    },
  };
}

/** "Please try again in 42 seconds." / "… in 15 minutes.", for a message the UI shows as is. */
export function tryAgainIn(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
