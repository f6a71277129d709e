// Limits failed logins per username and per client address, on every path that checks a password.
import type { Rate } from '../config/rate.js';
import { HttpError } from '../errors/nezha-error.js';
import { SlidingWindowLimiter } from './sliding-window.js';

export class TooManyLoginAttempts extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, `Too many login attempts. Try again in ${retryAfterSeconds} second(s).`, {
      'Retry-After': String(retryAfterSeconds),
    });
  }
}

export interface LoginAttempt {
  /** The password was right: the attempt is not a failure and stops counting. */
  succeeded(): void;
}

/**
 * An attempt is counted as a failure when it starts and taken back when it succeeds, so a burst sent in parallel is
 * held to the limit too (it would all pass a check made before any password was verified).
 *
 * The counts live in this process: several server processes each allow the limit.
 */
export class LoginThrottle {
  private readonly users: SlidingWindowLimiter;
  private readonly addresses: SlidingWindowLimiter;

  constructor(rates: { perUser: Rate; perAddress: Rate }, now: () => number = Date.now) {
    this.users = new SlidingWindowLimiter(rates.perUser, now);
    this.addresses = new SlidingWindowLimiter(rates.perAddress, now);
  }

  /** Throws TooManyLoginAttempts when the username or the address has used up its failures. */
  begin(username: string, address: string): LoginAttempt {
    // Lookups of usernames may ignore case; the throttle must not be sidestepped by changing it.
    const userKey = username.trim().toLowerCase();
    const waitMs = Math.max(this.users.waitMs(userKey), this.addresses.waitMs(address));
    if (waitMs > 0) throw new TooManyLoginAttempts(Math.ceil(waitMs / 1000));
    const userHit = this.users.hit(userKey);
    const addressHit = this.addresses.hit(address);
    return {
      succeeded: () => {
        this.users.forget(userKey, userHit);
        this.addresses.forget(address, addressHit);
      },
    };
  }
}
