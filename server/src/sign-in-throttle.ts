// Throttles password guessing: failed sign-ins are counted per account and per client address in
// a fixed window; past the limit, sign-in answers 429 until the window ends. Only failures count
// and a success clears its account, so shoppers and test suites that sign in often never notice.
export interface SignInLimits {
  /** Failed attempts on one account per window. */
  accountFailures: number;
  /** Failed attempts from one address (any accounts) per window. */
  addressFailures: number;
  windowSeconds: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  accountFailures: 5,
  addressFailures: 50,
  windowSeconds: 15 * 60,
};

interface Window {
  failures: number;
  endsAt: number;
}

// Beyond this many tracked keys, expired windows are swept (a flood of random emails cannot grow memory).
const SWEEP_AT = 10_000;

class FailureCounter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until `key` may try again, or 0. */
  blockedFor(key: string, now: number): number {
    const w = this.windows.get(key);
    if (!w || w.endsAt <= now) return 0;
    return w.failures >= this.limit ? w.endsAt - now : 0;
  }

  fail(key: string, now: number): void {
    const w = this.windows.get(key);
    if (!w || w.endsAt <= now) {
      if (this.windows.size >= SWEEP_AT) this.sweep(now);
      this.windows.set(key, { failures: 1, endsAt: now + this.windowMs });
    } else {
      w.failures += 1;
    }
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.endsAt <= now) this.windows.delete(key);
  }
}

export interface SignInThrottle {
  /** Seconds to wait before this attempt may be checked, or 0 when it may go ahead. */
  retryAfter(account: string, address: string, now: Date): number;
  failed(account: string, address: string, now: Date): void;
  succeeded(account: string): void;
}

export function createSignInThrottle(
  limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
): SignInThrottle {
  const windowMs = limits.windowSeconds * 1000;
  const accounts = new FailureCounter(limits.accountFailures, windowMs);
  const addresses = new FailureCounter(limits.addressFailures, windowMs);
  const accountKey = (account: string) => account.trim().toLowerCase();
  return {
    retryAfter(account, address, now) {
      const ms = Math.max(
        accounts.blockedFor(accountKey(account), now.getTime()),
        addresses.blockedFor(address, now.getTime()),
      );
      return ms > 0 ? Math.ceil(ms / 1000) : 0;
    },
    failed(account, address, now) {
      accounts.fail(accountKey(account), now.getTime());
      addresses.fail(address, now.getTime());
    },
    succeeded(account) {
      accounts.clear(accountKey(account));
    },
  };
}

/** "Please try again in 42 seconds." / "… in 15 minutes.", for a message the UI shows as is. */
export function tryAgainIn(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
