// Ported from Superset tests/unit_tests/utils/date_parser_tests.py: test_parse_human_datetime, with the frozen clock
// in place of datetime.now(). The phrase table beyond Superset's own cases was checked against python-dateutil 2.8
// and parsedatetime 2.6 (what parse_human_datetime calls) with the same "now".
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../calendar.js';
import { parseHumanDateTime } from '../human-datetime.js';
import { TimeRangeError } from '../time-range-error.js';

// Superset's tests freeze "now" at this Monday morning.
const NOW = new Date('2016-11-07T09:30:10Z');
const parse = (text: string) => formatDateTime(parseHumanDateTime(text, { now: NOW }));

describe('Superset test_parse_human_datetime', () => {
  it('a bare period is ambiguous, gibberish cannot be parsed', () => {
    expect(() => parse('2 days')).toThrow('Time string is ambiguous. Please specify [2 days ago] or [2 days later].');
    expect(() => parse('2 day')).toThrow('Time string is ambiguous. Please specify [2 day ago] or [2 day later].');
    expect(() => parse('xxxxxxx')).toThrow(TimeRangeError);
    expect(() => parse('xxxxxxx')).toThrow('Cannot parse time string [xxxxxxx]');
  });

  it.each([
    ['2015-04-03', '2015-04-03T00:00:00'],
    ['2/3/1969', '1969-02-03T00:00:00'],
    ['now', '2016-11-07T09:30:10'],
    ['yesterday', '2016-11-06T00:00:00'],
    ['one year ago', '2015-11-07T00:00:00'],
    ['2 years after', '2018-11-07T00:00:00'],
  ])('%s = %s', (text, expected) => {
    expect(parse(text)).toBe(expected);
  });
});

describe('dateutil forms (absolute dates; missing parts from January 1st of this year)', () => {
  it.each([
    ['2018', '2018-01-01T00:00:00'],
    ['2018-9', '2018-09-01T00:00:00'],
    ['12/31/2018', '2018-12-31T00:00:00'],
    ['31/12/2018', '2018-12-31T00:00:00'],
    ['2018/12/31', '2018-12-31T00:00:00'],
    ['20190305', '2019-03-05T00:00:00'],
    ['March 5, 2019', '2019-03-05T00:00:00'],
    ['5 Mar 2019', '2019-03-05T00:00:00'],
    ['5th of March 2019', '2019-03-05T00:00:00'],
    ['Monday, March 5, 2019', '2019-03-05T00:00:00'],
    ['Sept 3 2020', '2020-09-03T00:00:00'],
    ['7-Nov-2016', '2016-11-07T00:00:00'],
    ['Nov 7 2016 9:30am', '2016-11-07T09:30:00'],
    ['2016-11-07 10:00 -0500', '2016-11-07T15:00:00'],
    ['1/2/3', '2003-01-02T00:00:00'],
    ['Dec 2018', '2018-12-01T00:00:00'],
    ['Jan 1', '2016-01-01T00:00:00'],
    ['2/3', '2016-02-03T00:00:00'],
    ['2019-03-05 10:00', '2019-03-05T10:00:00'],
    ['2018-12-31T23:59:59', '2018-12-31T23:59:59'],
    ['2015-01-01T10:00:00+02:00', '2015-01-01T08:00:00'],
    ['10:30', '2016-01-01T10:30:00'],
    ['5pm', '2016-01-01T17:00:00'],
    ['12:15 am', '2016-01-01T00:15:00'],
    ['monday', '2016-01-04T00:00:00'],
  ])('%s = %s', (text, expected) => {
    expect(parse(text)).toBe(expected);
  });
});

describe('parsedatetime phrases (a phrase without a time of day lands on midnight)', () => {
  it.each([
    ['today', '2016-11-07T00:00:00'],
    ['Today', '2016-11-07T00:00:00'],
    ['tomorrow', '2016-11-08T00:00:00'],
    ['NOW', '2016-11-07T09:30:10'],
    ['midnight', '2016-11-07T00:00:00'],
    ['noon', '2016-11-07T12:00:00'],
    ['tonight', '2016-11-07T21:00:00'],
    ['3 days ago', '2016-11-04T00:00:00'],
    ['a week ago', '2016-10-31T00:00:00'],
    ['ten years ago', '2006-11-07T00:00:00'],
    ['1 day before', '2016-11-06T00:00:00'],
    ['2 days prior', '2016-11-05T00:00:00'],
    ['-1 year', '2015-11-07T00:00:00'],
    ['+3 days', '2016-11-10T00:00:00'],
    ['in 2 weeks', '2016-11-21T00:00:00'],
    ['3 days hence', '2016-11-10T00:00:00'],
    ['1 week from today', '2016-11-14T00:00:00'],
    ['2 weeks from now', '2016-11-21T09:30:10'],
    ['1 year from now', '2017-11-07T09:30:10'],
    ['3 days before now', '2016-11-04T09:30:10'],
    ['2 hours ago', '2016-11-07T07:30:10'],
    ['an hour from now', '2016-11-07T10:30:10'],
    ['10 minutes later', '2016-11-07T09:40:10'],
    ['in 5 minutes', '2016-11-07T09:35:10'],
    ['last week', '2016-10-31T00:00:00'],
    ['next week', '2016-11-14T00:00:00'],
    ['last day', '2016-11-06T00:00:00'],
    ['last month', '2016-10-01T00:00:00'],
    ['next month', '2016-12-01T00:00:00'],
    ['last year', '2015-01-01T00:00:00'],
    ['this month', '2016-11-30T00:00:00'],
    ['eoy', '2016-12-31T00:00:00'],
    ['last hour', '2016-11-07T08:00:00'],
    ['last friday', '2016-11-04T00:00:00'],
    ['next friday', '2016-11-18T00:00:00'],
    ['this monday', '2016-11-07T00:00:00'],
    ['yesterday noon', '2016-11-06T12:00:00'],
    ['tomorrow at 5pm', '2016-11-08T17:00:00'],
    ['today 10:30', '2016-11-07T10:30:00'],
    ['3 days ago at noon', '2016-11-04T12:00:00'],
    ['yesterday morning', '2016-11-06T06:00:00'],
    ['next tuesday', '2016-11-15T00:00:00'],
    ['a month from now', '2016-12-07T09:30:10'],
    ['30 seconds ago', '2016-11-07T09:29:40'],
  ])('%s = %s', (text, expected) => {
    expect(parse(text)).toBe(expected);
  });

  it.each(['foo bar', 'next quarter', 'last minute', '31/31/2018', '2018-02-30'])('%s cannot be parsed', (text) => {
    expect(() => parse(text)).toThrow(`Cannot parse time string [${text}]`);
  });
});
