import { describe, expect, it } from 'vitest';
import { formatDuration, formatUtc, parseServerTime } from './log-format';

describe('run times', () => {
  it('reads naive server times as UTC, and offsets and epoch milliseconds as given', () => {
    expect(parseServerTime('2024-05-06T09:30:05')?.toISOString()).toBe('2024-05-06T09:30:05.000Z');
    expect(parseServerTime('2024-05-06T11:30:05+02:00')?.toISOString()).toBe('2024-05-06T09:30:05.000Z');
    expect(parseServerTime(Date.UTC(2024, 4, 6, 9, 30, 5))?.toISOString()).toBe('2024-05-06T09:30:05.000Z');
    expect(parseServerTime(null)).toBeNull();
    expect(parseServerTime('garbage')).toBeNull();
  });

  it('shows UTC times without a zone suffix', () => {
    expect(formatUtc('2024-05-06T09:30:05.123Z')).toBe('2024-05-06 09:30:05');
    expect(formatUtc(null)).toBe('');
  });

  it('a duration is hours, minutes, seconds and hundredths; none while running', () => {
    expect(formatDuration('2024-05-06T09:30:05Z', '2024-05-06T10:31:07.456Z')).toBe('01:01:02.45');
    expect(formatDuration('2024-05-06T09:30:05Z', null)).toBe('');
  });
});
