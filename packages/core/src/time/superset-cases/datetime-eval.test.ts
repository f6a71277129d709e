// Ported from Superset tests/unit_tests/utils/date_parser_tests.py: test_datetime_eval (DATETIME, DATEADD, DATETRUNC,
// LASTDAY, HOLIDAY, nesting and the compact trailing-comma spelling), plus DATEDIFF as DATEADD's amount and the
// errors of a bad expression or an unknown holiday.
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../calendar.js';
import { evaluateTimeExpression } from '../time-expression.js';

// Superset's tests freeze "now" at this Monday morning.
const NOW = new Date('2016-11-07T09:30:10Z');
const evaluate = (expression: string) => formatDateTime(evaluateTimeExpression(expression, { now: NOW }));

describe('Superset test_datetime_eval', () => {
  it.each([
    ["datetime('now')", '2016-11-07T09:30:10'],
    ["datetime('today')", '2016-11-07T00:00:00'],
    ["datetime('2018')", '2018-01-01T00:00:00'],
    ["datetime('2018-9')", '2018-09-01T00:00:00'],
    ["dateadd(datetime('today'),1,year,)", '2017-11-07T00:00:00'],
    ["dateadd(datetime('today'), -2, year)", '2014-11-07T00:00:00'],
    ["dateadd(datetime('today'), 2, quarter)", '2017-05-07T00:00:00'],
    ["dateadd(datetime('today'), 3, month)", '2017-02-07T00:00:00'],
    ["dateadd(datetime('today'), -3, week)", '2016-10-17T00:00:00'],
    ["dateadd(datetime('today'), 3, day)", '2016-11-10T00:00:00'],
    ["dateadd(datetime('now'), 3, hour)", '2016-11-07T12:30:10'],
    ["dateadd(datetime('now'), 40, minute)", '2016-11-07T10:10:10'],
    ["dateadd(datetime('now'), -11, second)", '2016-11-07T09:29:59'],
    ["datetrunc(datetime('now'), year)", '2016-01-01T00:00:00'],
    ["datetrunc(datetime('now'), quarter)", '2016-10-01T00:00:00'],
    ["datetrunc(datetime('now'), month)", '2016-11-01T00:00:00'],
    ["datetrunc(datetime('now'), day)", '2016-11-07T00:00:00'],
    ["datetrunc(datetime('now'), week)", '2016-11-07T00:00:00'],
    ["datetrunc(datetime('now'), hour)", '2016-11-07T09:00:00'],
    ["datetrunc(datetime('now'), minute)", '2016-11-07T09:30:00'],
    ["datetrunc(datetime('now'), second)", '2016-11-07T09:30:10'],
    ["lastday(datetime('now'), year)", '2016-12-31T00:00:00'],
    ["lastday(datetime('today'), month)", '2016-11-30T00:00:00'],
    ["lastday(dateadd(datetime('2018-01-01T00:00:00'), 1, month), month)", '2018-02-28T00:00:00'],
  ])('%s = %s', (expression, expected) => {
    expect(evaluate(expression)).toBe(expected);
  });

  it.each([
    ["holiday('Christmas')", '2016-12-25T00:00:00'],
    ["holiday('Labor day', datetime('2018-01-01T00:00:00'))", '2018-09-03T00:00:00'],
    ["holiday('Eid al-Fitr', datetime('2000-01-01T00:00:00'), 'SA')", '2000-01-08T00:00:00'],
    ["holiday('Boxing day', datetime('2018-01-01T00:00:00'), 'UK')", '2018-12-26T00:00:00'],
    ["holiday('Juneteenth', datetime('2022-01-01T00:00:00'), 'US')", '2022-06-19T00:00:00'],
    ["holiday('Independence Day', datetime('2022-01-01T00:00:00'), 'US')", '2022-07-04T00:00:00'],
    // Same grammar, more of the table: the year from a nested expression, upper-case keywords, other countries.
    ['HOLIDAY("christmas", DATETIME("2019"))', '2019-12-25T00:00:00'],
    ['holiday("thanksgiving", dateadd(datetime("today"), 1, year))', '2017-11-23T00:00:00'],
    ['holiday("good friday", datetime("2019-06-01"), "GB")', '2019-04-19T00:00:00'],
    ['holiday("canada day", datetime("2020"), "CA")', '2020-07-01T00:00:00'],
    ['holiday("anzac", datetime("2021"), "AU")', '2021-04-25T00:00:00'],
    ['holiday("memorial day", datetime("2024"))', '2024-05-27T00:00:00'],
  ])('%s = %s', (expression, expected) => {
    expect(evaluate(expression)).toBe(expected);
  });

  it('DATEDIFF counts whole days (or calendar years) and serves as DATEADD amount', () => {
    expect(
      evaluate("dateadd(datetime('2020-01-01'), datediff(datetime('2020-01-01'), datetime('2020-03-01')), day)"),
    ).toBe('2020-03-01T00:00:00');
    expect(
      evaluate("dateadd(datetime('2000-06-01'), datediff(datetime('2016-01-01'), datetime('2018-12-31'), year), year)"),
    ).toBe('2002-06-01T00:00:00');
  });

  it('an unknown holiday or country is an error, in Superset words for the holiday', () => {
    expect(() => evaluate("holiday('Festivus')")).toThrow('Unable to find such a holiday: [Festivus]');
    expect(() => evaluate("holiday('Christmas', datetime('2020'), 'XX')")).toThrow('Country XX not available');
  });

  it('malformed expressions are refused, naming where', () => {
    expect(() => evaluate("dateadd(datetime('today'), 1)")).toThrow(/expected ","/);
    expect(() => evaluate("lastday(datetime('today'), hour)")).toThrow(/LASTDAY takes/);
    expect(() => evaluate("datetime('today'")).toThrow(/expected "\)"/);
    expect(() => evaluate("dateadd(datetime('today'), 1, fortnight)")).toThrow(/expected a unit/);
  });
});
