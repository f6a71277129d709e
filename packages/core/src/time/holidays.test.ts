// The holiday table behind HOLIDAY(): rule dates, moved days and Hijri days, checked against the python "holidays"
// package Superset calls (observed dates not moved), plus its prefix lookup and errors.
import { describe, expect, it } from 'vitest';
import { holidayDate } from './holidays.js';

const day = (name: string, year: number, country?: string) =>
  holidayDate(name, year, country).toISOString().slice(0, 10);

describe('holidayDate', () => {
  it.each<[string, number, string, string]>([
    ['Thanksgiving', 2024, 'US', '2024-11-28'],
    ['Memorial Day', 1965, 'US', '1965-05-30'],
    ["Washington's Birthday", 2019, 'US', '2019-02-18'],
    ['Veterans Day', 1975, 'US', '1975-10-27'],
    ['Martin Luther King', 2020, 'US', '2020-01-20'],
    ['Good Friday', 2024, 'GB', '2024-03-29'],
    ['Easter Monday', 2019, 'UK', '2019-04-22'],
    ['May Day', 2020, 'GB', '2020-05-08'],
    ['Spring Bank', 2012, 'GB', '2012-06-04'],
    ['Victoria Day', 2024, 'CA', '2024-05-20'],
    ['Thanksgiving', 2024, 'CA', '2024-10-14'],
    ['Australia Day', 2020, 'AU', '2020-01-26'],
    ['Eid al-Adha', 2024, 'SA', '2024-06-16'],
    ['Eid al-Fitr', 2023, 'SA', '2023-04-21'],
  ])('%s %i in %s is %s', (name, year, country, expected) => {
    expect(day(name, year, country)).toBe(expected);
  });

  it('takes the first of several matches in the year, case-insensitively by prefix', () => {
    // Two Eid al-Fitr fell in 2000 (January 8th and December 27th).
    expect(day('eid AL-fitr', 2000, 'sa')).toBe('2000-01-08');
    expect(day('christ', 2016)).toBe('2016-12-25');
  });

  it('has no holiday before it existed and refuses unknown names and countries', () => {
    expect(() => day('Juneteenth', 2020)).toThrow('Unable to find such a holiday: [Juneteenth]');
    expect(() => day('', 2020)).toThrow('Unable to find such a holiday: []');
    expect(() => day('Christmas', 2020, 'ZZ')).toThrow('Country ZZ not available');
  });
});
