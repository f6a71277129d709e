// The sliding-window counter under the login throttle, on a hand-moved clock.
import { describe, expect, it } from 'vitest';
import { parseRate } from '../config/rate.js';
import { LoginThrottle, TooManyLoginAttempts } from './login-throttle.js';
import { SlidingWindowLimiter } from './sliding-window.js';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('SlidingWindowLimiter', () => {
  it('allows the limit inside a window and tells how long until the oldest hit leaves it', () => {
    const c = clock();
    const limiter = new SlidingWindowLimiter({ limit: 2, windowMs: 1000 }, c.now);
    limiter.hit('k');
    c.advance(300);
    limiter.hit('k');
    expect(limiter.waitMs('k')).toBe(700);
    expect(limiter.waitMs('other')).toBe(0);
    c.advance(700);
    expect(limiter.waitMs('k')).toBe(0);
  });

  it('a forgotten hit no longer counts', () => {
    const c = clock();
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 1000 }, c.now);
    const at = limiter.hit('k');
    expect(limiter.waitMs('k')).toBe(1000);
    limiter.forget('k', at);
    expect(limiter.waitMs('k')).toBe(0);
  });

  it('keeps at most maxKeys keys, dropping the one idle longest', () => {
    const c = clock();
    const limiter = new SlidingWindowLimiter({ limit: 1, windowMs: 1000 }, c.now, 2);
    limiter.hit('a');
    limiter.hit('b');
    limiter.hit('a');
    limiter.hit('c');
    expect(limiter.waitMs('b')).toBe(0);
    expect(limiter.waitMs('a')).toBeGreaterThan(0);
  });
});

describe('LoginThrottle', () => {
  it('refuses with whole seconds to wait once a username or an address used up its failures', () => {
    const c = clock();
    const throttle = new LoginThrottle(
      { perUser: { limit: 2, windowMs: 1500 }, perAddress: { limit: 5, windowMs: 1000 } },
      c.now,
    );
    throttle.begin('ann', '1.1.1.1');
    throttle.begin('Ann', '2.2.2.2');
    expect(() => throttle.begin('ann', '3.3.3.3')).toThrow(TooManyLoginAttempts);
    const refusal = (() => {
      try {
        throttle.begin('ann ', '3.3.3.3');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(TooManyLoginAttempts);
    expect((refusal as TooManyLoginAttempts).retryAfterSeconds).toBe(2);
    expect((refusal as TooManyLoginAttempts).headers).toEqual({ 'Retry-After': '2' });
    c.advance(1500);
    expect(() => throttle.begin('ann', '3.3.3.3')).not.toThrow();
  });

  it('successful attempts do not count', () => {
    const throttle = new LoginThrottle({
      perUser: { limit: 1, windowMs: 1000 },
      perAddress: { limit: 1, windowMs: 1000 },
    });
    for (let i = 0; i < 5; i += 1) throttle.begin('ann', '1.1.1.1').succeeded();
    expect(() => throttle.begin('ann', '1.1.1.1')).not.toThrow();
  });
});

describe('parseRate', () => {
  it("reads Superset's AUTH_RATE_LIMIT forms and refuses anything else", () => {
    expect(parseRate('5 per second', 'X')).toEqual({ limit: 5, windowMs: 1000 });
    expect(parseRate('10/minute', 'X')).toEqual({ limit: 10, windowMs: 60_000 });
    expect(parseRate('3 per 2 hours', 'X')).toEqual({ limit: 3, windowMs: 7_200_000 });
    expect(() => parseRate('0 per second', 'NEZHA_AUTH_RATE_LIMIT')).toThrow(/NEZHA_AUTH_RATE_LIMIT/);
    expect(() => parseRate('lots', 'X')).toThrow();
  });
});
