// Ported from Superset superset/utils/date_parser.py's handle_start_of, handle_end_of, handle_scope_and_unit and
// handle_nth_of (their documented examples, as get_since_until reaches them), evaluated with the frozen clock of
// date_parser_tests.py, and the Current/previous calendar rewrites of get_since_until.
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../calendar.js';
import { getSinceUntil } from '../time-range.js';

// Superset's tests freeze "now" at this Monday morning.
const NOW = new Date('2016-11-07T09:30:10Z');
const fmt = (date: Date | null) => (date ? formatDateTime(date) : null);
const range = (timeRange: string, relativeStart?: string) => {
  const { since, until } = getSinceUntil(timeRange, { now: NOW, relativeStart: relativeStart ?? null });
  return [fmt(since), fmt(until)];
};

describe('start of / end of / this-last-next', () => {
  it.each([
    ['start of this month : now', ['2016-11-01T00:00:00', '2016-11-07T09:30:10']],
    ['beginning of next year : end of next year', ['2017-01-01T00:00:00', '2017-12-31T00:00:00']],
    ['start of last week : end of last week', ['2016-10-31T00:00:00', '2016-11-06T00:00:00']],
    ['start of prior 2 quarters : end of last quarter', ['2016-04-01T00:00:00', '2016-09-30T00:00:00']],
    ['end of last year : today', ['2015-12-31T00:00:00', '2016-11-07T00:00:00']],
    ['last 2 weeks : this day', ['2016-10-24T00:00:00', '2016-11-07T00:00:00']],
    ['prior 3 hours : this hour', ['2016-11-07T06:30:10', '2016-11-07T09:30:10']],
    ['this month : next 5 days', ['2016-11-07T00:00:00', '2016-11-12T00:00:00']],
  ])('%s', (timeRange, expected) => {
    expect(range(timeRange)).toEqual(expected);
  });

  it('a relative start replaces the anchor', () => {
    expect(range('start of this month : now', '2016-02-15T10:00:00')).toEqual([
      '2016-02-01T00:00:00',
      '2016-11-07T09:30:10',
    ]);
  });
});

describe('first of … (handle_nth_of)', () => {
  it.each([
    ['first of this month : now', ['2016-11-01T00:00:00', '2016-11-07T09:30:10']],
    ['first day of last year : first of the month', ['2015-01-01T00:00:00', '2016-11-01T00:00:00']],
    ['1st of next quarter : 1st of next quarter', ['2017-01-01T00:00:00', '2017-01-01T00:00:00']],
    ['first week of this year', ['2016-01-01T00:00:00', '2016-01-08T00:00:00']],
    ['first month of last quarter', ['2016-07-01T00:00:00', '2016-08-01T00:00:00']],
    ['first quarter of the year', ['2016-01-01T00:00:00', '2016-04-01T00:00:00']],
  ])('%s', (timeRange, expected) => {
    expect(range(timeRange)).toEqual(expected);
  });
});

describe('Current and previous calendar presets', () => {
  it.each([
    ['Current day', ['2016-11-07T00:00:00', '2016-11-08T00:00:00']],
    ['Current week', ['2016-11-07T00:00:00', '2016-11-14T00:00:00']],
    ['Current quarter', ['2016-10-01T00:00:00', '2017-01-01T00:00:00']],
    ['previous calendar quarter', ['2016-07-01T00:00:00', '2016-10-01T00:00:00']],
    ['Last day', ['2016-11-06T00:00:00', '2016-11-07T00:00:00']],
    ['Last hour', ['2016-11-07T08:30:10', '2016-11-07T09:30:10']],
    ['Next 2 hours', ['2016-11-07T09:30:10', '2016-11-07T11:30:10']],
  ])('%s', (timeRange, expected) => {
    expect(range(timeRange)).toEqual(expected);
  });
});
