// Ported from Superset tests/unit_tests/utils/date_parser_tests.py: test_get_since_until (both the current case list
// and the earlier one with the time_shift cases, "inherited" included). Superset's test mocks parse_human_datetime;
// here the real parser runs, so the one case that only passed through the mock ("5 days : now") asserts Superset's
// real answer, the ambiguity error.
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../calendar.js';
import { getSinceUntil, type TimeRangeOptions } from '../time-range.js';

// Superset's tests freeze "now" at this Monday morning.
const NOW = new Date('2016-11-07T09:30:10Z');
const fmt = (date: Date | null) => (date ? formatDateTime(date) : null);

const range = (timeRange: string | null, options: Partial<TimeRangeOptions> = {}) => {
  const { since, until } = getSinceUntil(timeRange, { now: NOW, ...options });
  return [fmt(since), fmt(until)];
};

describe('Superset test_get_since_until', () => {
  it.each<[string | null, Partial<TimeRangeOptions>, [string | null, string | null]]>([
    [null, {}, [null, '2016-11-07T00:00:00']],
    [' : now', {}, [null, '2016-11-07T09:30:10']],
    ['yesterday : tomorrow', {}, ['2016-11-06T00:00:00', '2016-11-08T00:00:00']],
    ['2018-01-01T00:00:00 : 2018-12-31T23:59:59', {}, ['2018-01-01T00:00:00', '2018-12-31T23:59:59']],
    ['Last year', {}, ['2015-11-07T00:00:00', '2016-11-07T00:00:00']],
    ['Last quarter', {}, ['2016-08-07T00:00:00', '2016-11-07T00:00:00']],
    ['Last 5 months', {}, ['2016-06-07T00:00:00', '2016-11-07T00:00:00']],
    ['Last 1 month', {}, ['2016-10-07T00:00:00', '2016-11-07T00:00:00']],
    ['Next 5 months', {}, ['2016-11-07T00:00:00', '2017-04-07T00:00:00']],
    ['Next 1 month', {}, ['2016-11-07T00:00:00', '2016-12-07T00:00:00']],
    [null, { since: '5 days' }, ['2016-11-02T00:00:00', '2016-11-07T00:00:00']],
    [null, { since: '5 days ago', until: 'tomorrow' }, ['2016-11-02T00:00:00', '2016-11-08T00:00:00']],
    ['yesterday : tomorrow', { timeShift: '1 day' }, ['2016-11-05T00:00:00', '2016-11-07T00:00:00']],
    ['Last week', { relativeEnd: 'now' }, ['2016-10-31T00:00:00', '2016-11-07T09:30:10']],
    ['Last week', { relativeStart: 'now' }, ['2016-10-31T09:30:10', '2016-11-07T00:00:00']],
    ['Last week', { relativeStart: 'now', relativeEnd: 'now' }, ['2016-10-31T09:30:10', '2016-11-07T09:30:10']],
    ['previous calendar week', {}, ['2016-10-31T00:00:00', '2016-11-07T00:00:00']],
    ['previous calendar month', {}, ['2016-10-01T00:00:00', '2016-11-01T00:00:00']],
    ['previous calendar year', {}, ['2015-01-01T00:00:00', '2016-01-01T00:00:00']],
  ])('%s %o', (timeRange, options, expected) => {
    expect(range(timeRange, options)).toEqual(expected);
  });

  it.each<[string, [string, string]]>([
    ['1 year', ['1999-01-01T00:00:00', '2017-01-01T00:00:00']],
    ['1 month', ['1999-12-01T00:00:00', '2017-12-01T00:00:00']],
    ['1 week', ['1999-12-25T00:00:00', '2017-12-25T00:00:00']],
    // The range is 6575 days long, so the inherited comparison is the 6575 days just before it.
    ['inherited', ['1981-12-31T00:00:00', '2000-01-01T00:00:00']],
  ])('time_shift %s moves 2000-01-01 : 2018-01-01 back', (timeShift, expected) => {
    expect(range('2000-01-01T00:00:00 : 2018-01-01T00:00:00', { timeShift })).toEqual(expected);
  });

  it('a start after the end is refused in Superset words', () => {
    expect(() => range('tomorrow : yesterday')).toThrow('From date cannot be larger than to date');
  });

  it('"5 days" as a bound is ambiguous once the real parser runs', () => {
    expect(() => range('5 days : now')).toThrow(
      'Time string is ambiguous. Please specify [5 days ago] or [5 days later].',
    );
  });
});
