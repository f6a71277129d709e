import { afterEach, describe, expect, it, vi } from 'vitest';
import { elapsedSeconds, formatElapsed, subscribeToTicks } from './use-elapsed';

describe('elapsed time', () => {
  afterEach(() => vi.useRealTimers());

  it('counts from the start to the end, or to now while running', () => {
    expect(elapsedSeconds(1_000, 3_500, 9_999)).toBe(2.5);
    expect(elapsedSeconds(1_000, null, 1_250)).toBe(0.25);
    expect(elapsedSeconds(0, null, 5_000)).toBe(0);
    expect(elapsedSeconds(2_000, 1_000, 5_000)).toBe(0);
  });

  it('formats seconds, then minutes', () => {
    expect(formatElapsed(0.5)).toBe('0.50 s');
    expect(formatElapsed(75)).toBe('1:15 min');
  });

  it('runs one timer for every listener and stops it when the last one leaves', () => {
    vi.useFakeTimers();
    const before = vi.getTimerCount();
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = subscribeToTicks(first);
    const stopSecond = subscribeToTicks(second);
    expect(vi.getTimerCount()).toBe(before + 1);
    vi.advanceTimersByTime(300);
    expect(first).toHaveBeenCalledTimes(3);
    expect(second).toHaveBeenCalledTimes(3);
    stopFirst();
    vi.advanceTimersByTime(100);
    expect(first).toHaveBeenCalledTimes(3);
    expect(second).toHaveBeenCalledTimes(4);
    stopSecond();
    expect(vi.getTimerCount()).toBe(before);
  });
});
