// HOLIDAY("christmas", …, "US"): the public holidays of a few countries, named as the python "holidays" package
// names them (Superset looks them up there with a case-insensitive prefix match, observed dates not moved).
import { TimeRangeError } from './time-range-error.js';

/** Countries the table knows; UK is the alias python-holidays accepts for GB. */
export const HOLIDAY_COUNTRIES = ['US', 'GB', 'UK', 'CA', 'AU', 'SA'] as const;

interface Holiday {
  name: string;
  /** [month index, day] in the year, or null when the holiday does not fall in that year. */
  on: (year: number) => Array<[number, number]>;
}

const DAY = 24 * 60 * 60 * 1000;

/** The n-th (1-based; -1 = last) given weekday (0 = Sunday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): [number, number] {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
    return [month, 1 + ((weekday - first + 7) % 7) + 7 * (n - 1)];
  }
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return [month, lastDay.getUTCDate() - ((lastDay.getUTCDay() - weekday + 7) % 7)];
}

/** Western Easter Sunday (anonymous Gregorian algorithm), plus `offset` days. */
function easter(year: number, offset: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31) - 1;
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  const date = new Date(Date.UTC(year, month, day) + offset * DAY);
  return [date.getUTCMonth(), date.getUTCDate()];
}

let hijri: Intl.DateTimeFormat | null = null;

/** Gregorian days of the year on which a Hijri (Umm al-Qura) month/day falls; a year can hold two. */
function hijriDays(year: number, hijriMonth: number, hijriDay: number): Array<[number, number]> {
  hijri ??= new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', {
    timeZone: 'UTC',
    month: 'numeric',
    day: 'numeric',
  });
  const found: Array<[number, number]> = [];
  for (let time = Date.UTC(year, 0, 1); time < Date.UTC(year + 1, 0, 1); time += DAY) {
    const parts = hijri.formatToParts(new Date(time));
    const month = Number(parts.find((part) => part.type === 'month')?.value);
    const day = Number(parts.find((part) => part.type === 'day')?.value);
    if (month === hijriMonth && day === hijriDay) {
      const date = new Date(time);
      found.push([date.getUTCMonth(), date.getUTCDate()]);
    }
  }
  return found;
}

const fixed =
  (month: number, day: number, from = 0) =>
  (year: number): Array<[number, number]> =>
    year >= from ? [[month, day]] : [];
const nth =
  (month: number, weekday: number, n: number, from = 0) =>
  (year: number): Array<[number, number]> =>
    year >= from ? [nthWeekday(year, month, weekday, n)] : [];
const easterDay = (offset: number) => (year: number) => [easter(year, offset)];

const MON = 1;
const THU = 4;

/** One rule up to a year, another from it (the US moved holidays to Mondays in 1971). */
const until =
  (year: number, before: (y: number) => Array<[number, number]>, after: (y: number) => Array<[number, number]>) =>
  (y: number): Array<[number, number]> =>
    y < year ? before(y) : after(y);

const US: Holiday[] = [
  { name: "New Year's Day", on: fixed(0, 1) },
  { name: 'Martin Luther King Jr. Day', on: nth(0, MON, 3, 1986) },
  { name: "Washington's Birthday", on: until(1971, fixed(1, 22), nth(1, MON, 3)) },
  { name: 'Memorial Day', on: until(1971, fixed(4, 30), nth(4, MON, -1)) },
  { name: 'Juneteenth National Independence Day', on: fixed(5, 19, 2021) },
  { name: 'Independence Day', on: fixed(6, 4) },
  { name: 'Labor Day', on: nth(8, MON, 1) },
  { name: 'Columbus Day', on: until(1971, fixed(9, 12, 1937), nth(9, MON, 2)) },
  { name: 'Veterans Day', on: until(1978, until(1971, fixed(10, 11), nth(9, MON, 4)), fixed(10, 11)) },
  { name: 'Thanksgiving Day', on: nth(10, THU, 4) },
  { name: 'Christmas Day', on: fixed(11, 25) },
];

/** A rule with the years the government moved the day (jubilees, VE Day anniversaries). */
const movedIn =
  (rule: (year: number) => Array<[number, number]>, moves: Record<number, [number, number]>) =>
  (year: number): Array<[number, number]> => {
    const moved = moves[year];
    return moved ? [moved] : rule(year);
  };

const GB: Holiday[] = [
  { name: "New Year's Day", on: fixed(0, 1, 1974) },
  { name: 'Good Friday', on: easterDay(-2) },
  { name: 'Easter Monday', on: easterDay(1) },
  { name: 'May Day', on: movedIn(nth(4, MON, 1, 1978), { 1995: [4, 8], 2020: [4, 8] }) },
  {
    name: 'Spring Bank Holiday',
    on: movedIn(nth(4, MON, -1, 1971), { 2002: [5, 4], 2012: [5, 4], 2022: [5, 2] }),
  },
  { name: 'Late Summer Bank Holiday', on: nth(7, MON, -1, 1971) },
  { name: 'Christmas Day', on: fixed(11, 25) },
  { name: 'Boxing Day', on: fixed(11, 26) },
];

/** Canada Day and Victoria Day (the Monday before May 25th) besides the shared ones. */
const CA: Holiday[] = [
  { name: "New Year's Day", on: fixed(0, 1) },
  { name: 'Good Friday', on: easterDay(-2) },
  {
    name: 'Victoria Day',
    on: (year) => {
      if (year < 1953) return [];
      const may24 = new Date(Date.UTC(year, 4, 24));
      return [[4, 24 - ((may24.getUTCDay() + 6) % 7)]];
    },
  },
  { name: 'Canada Day', on: fixed(6, 1) },
  { name: 'Labour Day', on: nth(8, MON, 1) },
  { name: 'Thanksgiving Day', on: nth(9, MON, 2) },
  { name: 'Christmas Day', on: fixed(11, 25) },
  { name: 'Boxing Day', on: fixed(11, 26) },
];

const AU: Holiday[] = [
  { name: "New Year's Day", on: fixed(0, 1) },
  { name: 'Australia Day', on: fixed(0, 26) },
  { name: 'Good Friday', on: easterDay(-2) },
  { name: 'Easter Monday', on: easterDay(1) },
  { name: 'Anzac Day', on: fixed(3, 25) },
  { name: 'Christmas Day', on: fixed(11, 25) },
  { name: 'Boxing Day', on: fixed(11, 26) },
];

const SA: Holiday[] = [
  { name: 'Founding Day', on: fixed(1, 22, 2022) },
  { name: 'Eid al-Fitr Holiday', on: (year) => hijriDays(year, 10, 1) },
  { name: 'Arafat Day', on: (year) => hijriDays(year, 12, 9) },
  { name: 'Eid al-Adha Holiday', on: (year) => hijriDays(year, 12, 10) },
  { name: 'National Day', on: fixed(8, 23, 2005) },
];

const TABLE: Record<string, Holiday[]> = { US, GB, UK: GB, CA, AU, SA };

export const holidayNotFoundMessage = (name: string) => `Unable to find such a holiday: [${name}]`;

/**
 * The first day in `year` of the country's holiday whose name starts with `name` (case-insensitive), at
 * midnight UTC. An unknown country or holiday is a TimeRangeError.
 */
export function holidayDate(name: string, year: number, country = 'US'): Date {
  const holidays = TABLE[country.toUpperCase()];
  if (!holidays) throw new TimeRangeError(`Country ${country} not available`);
  const prefix = name.toLowerCase();
  const days = holidays
    .filter((holiday) => holiday.name.toLowerCase().startsWith(prefix))
    .flatMap((holiday) => holiday.on(year))
    .map(([month, day]) => {
      const date = new Date(Date.UTC(2000, month, day));
      date.setUTCFullYear(year);
      return date;
    })
    .sort((a, b) => a.getTime() - b.getTime());
  const first = days[0];
  if (!first || !prefix) throw new TimeRangeError(holidayNotFoundMessage(name));
  return first;
}
