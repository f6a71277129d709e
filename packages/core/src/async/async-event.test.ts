// Event ids: their form and their order.
import { describe, expect, it } from 'vitest';
import { compareAsyncEventIds, isAsyncEventId } from './async-event.js';

describe('async event ids', () => {
  it('accepts only <milliseconds>-<sequence>', () => {
    expect(isAsyncEventId('1607477697866-0')).toBe(true);
    for (const bad of ['', 'abc', '12', '1-2-3', '-1', '1-', ' 1-2', 12]) expect(isAsyncEventId(bad)).toBe(false);
  });

  it('orders by time, then by sequence, numerically', () => {
    expect(compareAsyncEventIds('9-0', '10-0')).toBeLessThan(0);
    expect(compareAsyncEventIds('10-10', '10-9')).toBeGreaterThan(0);
    expect(compareAsyncEventIds('10-1', '10-1')).toBe(0);
  });
});
