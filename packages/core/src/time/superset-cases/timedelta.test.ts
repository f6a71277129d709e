// Ported from Superset tests/unit_tests/utils/date_parser_tests.py: test_parse_human_timedelta,
// test_parse_past_timedelta and test_get_past_or_future (Superset freezes now at 2019-04-01), plus
// normalize_time_delta, which moves a time comparison's axis, and its ambiguity error.
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../calendar.js';
import {
  ENCLOSED_RANGE_MESSAGE,
  getPastOrFuture,
  normalizeTimeDelta,
  parseHumanTimedelta,
  parsePastTimedelta,
  resolveTimeShift,
} from '../time-shift.js';

const DAY = 24 * 60 * 60 * 1000;
const at = (iso: string) => new Date(`${iso}T00:00:00Z`);
const NOW = at('2019-04-01');

describe('Superset test_parse_human_timedelta', () => {
  it.each<[string | null, Date, number]>([
    ['now', NOW, 0],
    ['1 year', NOW, 366],
    ['-1 year', NOW, -365],
    [null, NOW, 0],
    ['1 month', at('2019-04-01'), 30],
    ['1 month', at('2019-05-01'), 31],
    ['1 month', at('2019-02-01'), 28],
    ['-1 month', at('2019-02-01'), -31],
  ])('%s from %s is %i days', (phrase, source, days) => {
    expect(parseHumanTimedelta(phrase, source) / DAY).toBe(days);
  });
});

describe('Superset test_parse_past_timedelta', () => {
  it.each([
    ['1 year', 365],
    ['-1 year', 365],
    ['52 weeks', 364],
    ['1 month', 31],
  ])('%s reaches %i days back', (phrase, days) => {
    expect(parsePastTimedelta(phrase, NOW) / DAY).toBe(days);
  });
});

describe('Superset test_get_past_or_future', () => {
  // 2020 is a leap year: a year from Feb 29th lands on Feb 28th.
  it.each([
    ['1 year', '2021-02-28T00:00:00'],
    ['-1 year', '2019-02-28T00:00:00'],
    ['1 month', '2020-03-29T00:00:00'],
    ['3 month', '2020-05-29T00:00:00'],
  ])('%s from 2020-02-29 = %s', (phrase, expected) => {
    expect(formatDateTime(getPastOrFuture(phrase, at('2020-02-29')))).toBe(expected);
  });
});

describe("Superset's normalize_time_delta", () => {
  it('reads "ago" as negative and "later" as positive', () => {
    expect(normalizeTimeDelta('1 year ago')).toEqual({ amount: -1, unit: 'year' });
    expect(normalizeTimeDelta('28 days later')).toEqual({ amount: 28, unit: 'day' });
    expect(normalizeTimeDelta('52 weeks ago')).toEqual({ amount: -52, unit: 'week' });
  });

  it('refuses a delta without a direction in Superset words', () => {
    expect(() => normalizeTimeDelta('1 year')).toThrow(
      'Time delta is ambiguous. Please specify [1 year ago] or [1 year later].',
    );
  });
});

describe("the time comparison's inherit and custom date (query_context_processor's get_offset_custom_or_inherit)", () => {
  it('inherit is the range length in whole days, a date the days from it to the range start', () => {
    expect(resolveTimeShift('inherit', at('2020-01-01'), at('2020-01-31'))).toBe('30 days ago');
    expect(resolveTimeShift('inherited', at('2000-01-01'), at('2018-01-01'))).toBe('6575 days ago');
    expect(resolveTimeShift('2019-12-25', at('2020-01-01'), null)).toBe('7 days ago');
    expect(resolveTimeShift('1 year ago', null, null)).toBe('1 year ago');
  });

  it('needs a closed range, in Superset words', () => {
    expect(() => resolveTimeShift('inherit', at('2020-01-01'), null)).toThrow(ENCLOSED_RANGE_MESSAGE);
    expect(() => resolveTimeShift('2019-12-25', null, at('2020-01-01'))).toThrow(ENCLOSED_RANGE_MESSAGE);
  });
});
