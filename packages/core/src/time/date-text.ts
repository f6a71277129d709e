// Absolute dates written out ("2015-04-03", "2/3/1969", "March 5, 2019", "10:30 PM"), read the way python-dateutil's
// parse() does for Superset's parse_human_datetime: missing parts come from January 1st of the current year.
import { daysInMonth } from './calendar.js';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** Words dateutil skips between the parts of a date. */
const JUMP = new Set(['at', 'on', 'and', 'ad', 'of', 't', ',', '-', '/', '.']);

interface Parts {
  year?: number;
  month?: number;
  day?: number;
  hour?: number;
  minute?: number;
  second?: number;
  ms?: number;
  weekday?: number;
  offsetMinutes?: number;
  ampm?: 'am' | 'pm';
}

/** A number token with how it was written: a two-digit year is not a four-digit one. */
interface YmdNumber {
  value: number;
  digits: number;
}

function monthOf(word: string): number | undefined {
  const at = MONTHS.indexOf(word) >= 0 ? MONTHS.indexOf(word) : MONTH_NAMES.indexOf(word);
  if (at >= 0) return at;
  if (word === 'sept') return 8;
  return undefined;
}

function weekdayOf(word: string): number | undefined {
  const short = WEEKDAYS.indexOf(word);
  if (short >= 0) return short;
  const long = WEEKDAY_NAMES.indexOf(word);
  if (long >= 0) return long;
  if (word === 'tues') return 1;
  if (word === 'thur' || word === 'thurs') return 3;
  return undefined;
}

/** dateutil keeps two-digit years within 50 years of the current year. */
function fullYear(value: YmdNumber, nowYear: number): number {
  if (value.digits > 2) return value.value;
  const century = Math.floor(nowYear / 100) * 100;
  let year = century + value.value;
  if (year >= nowYear + 50) year -= 100;
  else if (year < nowYear - 50) year += 100;
  return year;
}

function tokenize(text: string): string[] | null {
  const tokens: string[] = [];
  const re = /\s+|(\d+(?::\d+){1,2}(?:\.\d+)?)|([+-]\d{2}:?\d{2}\b)|(\d+)|([a-z]+)|([,./-])/giy;
  let index = 0;
  while (index < text.length) {
    re.lastIndex = index;
    const match = re.exec(text);
    if (!match) return null;
    const token = match[1] ?? match[2] ?? match[3] ?? match[4] ?? match[5];
    if (token !== undefined) tokens.push(token.toLowerCase());
    index = re.lastIndex;
  }
  return tokens;
}

function setTime(parts: Parts, token: string): boolean {
  const [clock, fraction] = token.split('.');
  const [h, m, s] = (clock ?? '').split(':').map(Number);
  if (h === undefined || m === undefined || parts.hour !== undefined) return false;
  parts.hour = h;
  parts.minute = m;
  parts.second = s ?? 0;
  parts.ms = fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0;
  return true;
}

/** Resolves the loose numbers into year, month and day as dateutil does with dayfirst=False, yearfirst=False. */
function resolveYmd(parts: Parts, numbers: YmdNumber[], nowYear: number): boolean {
  const isYear = (n: YmdNumber) => n.digits > 2 || n.value > 31;
  if (parts.month !== undefined) {
    // A month name was given: the numbers are the day and/or the year.
    if (numbers.length === 1) {
      const [only] = numbers as [YmdNumber];
      if (isYear(only)) parts.year = fullYear(only, nowYear);
      else parts.day = only.value;
    } else if (numbers.length === 2) {
      const [a, b] = numbers as [YmdNumber, YmdNumber];
      if (isYear(a)) {
        parts.year = fullYear(a, nowYear);
        parts.day = b.value;
      } else {
        parts.day = a.value;
        parts.year = fullYear(b, nowYear);
      }
    } else if (numbers.length > 2) return false;
    return true;
  }
  if (numbers.length === 1) {
    const [only] = numbers as [YmdNumber];
    if (isYear(only)) parts.year = fullYear(only, nowYear);
    else parts.day = only.value;
  } else if (numbers.length === 2) {
    const [a, b] = numbers as [YmdNumber, YmdNumber];
    if (isYear(a)) {
      parts.year = fullYear(a, nowYear);
      parts.month = b.value - 1;
    } else if (isYear(b)) {
      parts.month = a.value - 1;
      parts.year = fullYear(b, nowYear);
    } else if (a.value > 12) {
      parts.day = a.value;
      parts.month = b.value - 1;
    } else {
      parts.month = a.value - 1;
      parts.day = b.value;
    }
  } else if (numbers.length === 3) {
    const [a, b, c] = numbers as [YmdNumber, YmdNumber, YmdNumber];
    if (isYear(a)) {
      parts.year = fullYear(a, nowYear);
      parts.month = b.value - 1;
      parts.day = c.value;
    } else if (a.value > 12) {
      parts.day = a.value;
      parts.month = b.value - 1;
      parts.year = fullYear(c, nowYear);
    } else if (b.value > 12) {
      parts.month = a.value - 1;
      parts.day = b.value;
      parts.year = fullYear(c, nowYear);
    } else {
      parts.month = a.value - 1;
      parts.day = b.value;
      parts.year = fullYear(c, nowYear);
    }
  } else if (numbers.length > 3) return false;
  return true;
}

function readParts(text: string, nowYear: number): Parts | null {
  const tokens = tokenize(text.trim());
  if (!tokens || tokens.length === 0) return null;
  const parts: Parts = {};
  const numbers: YmdNumber[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] as string;
    const next = tokens[i + 1];
    if (/^\d+(?::\d+){1,2}(?:\.\d+)?$/.test(token)) {
      if (!setTime(parts, token)) return null;
    } else if (/^[+-]\d{4}$/.test(token) && parts.hour === undefined) {
      // "-2016" in "7-Nov-2016": a separator and a number, not a zone, while no time has been read.
      numbers.push({ value: Number(token.slice(1)), digits: 4 });
    } else if (/^[+-]\d{2}:?\d{2}$/.test(token) && parts.hour !== undefined) {
      const digits = token.slice(1).replace(':', '');
      const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
      parts.offsetMinutes = token.startsWith('-') ? -minutes : minutes;
    } else if (/^\d+$/.test(token)) {
      if (token.length === 8 && numbers.length === 0 && parts.month === undefined) {
        numbers.push(
          { value: Number(token.slice(0, 4)), digits: 4 },
          { value: Number(token.slice(4, 6)), digits: 2 },
          { value: Number(token.slice(6)), digits: 2 },
        );
      } else if (next === 'am' || next === 'pm' || next === 'a' || next === 'p') {
        if (parts.hour !== undefined) return null;
        parts.hour = Number(token);
        parts.minute = 0;
        parts.second = 0;
      } else if (next === 'st' || next === 'nd' || next === 'rd' || next === 'th') {
        if (parts.day !== undefined) return null;
        parts.day = Number(token);
        i += 1;
      } else if (token.length > 4) {
        return null;
      } else {
        numbers.push({ value: Number(token), digits: token.length });
      }
    } else if (token === 'am' || token === 'pm' || token === 'a' || token === 'p') {
      if (parts.hour === undefined) return null;
      parts.ampm = token.startsWith('a') ? 'am' : 'pm';
      if (tokens[i + 1] === '.' && tokens[i + 2] === 'm') i += 2;
    } else if (token === 'z' || token === 'utc' || token === 'gmt') {
      if (parts.hour === undefined) return null;
      parts.offsetMinutes = 0;
    } else if (monthOf(token) !== undefined) {
      if (parts.month !== undefined) return null;
      parts.month = monthOf(token);
    } else if (weekdayOf(token) !== undefined) {
      parts.weekday = weekdayOf(token);
    } else if (!JUMP.has(token)) {
      return null;
    }
  }
  if (!resolveYmd(parts, numbers, nowYear)) return null;
  return parts;
}

function hour24(parts: Parts): number | null {
  const hour = parts.hour ?? 0;
  if (!parts.ampm) return hour;
  if (hour < 1 || hour > 12) return null;
  if (parts.ampm === 'am') return hour === 12 ? 0 : hour;
  return hour === 12 ? 12 : hour + 12;
}

/**
 * The date the text spells, or null when it is no absolute date (then parsedatetime's phrases are tried).
 * `now` only supplies the default year, like dateutil's `default=datetime(now.year, 1, 1)`.
 */
export function parseDateText(text: string, now: Date): Date | null {
  const parts = readParts(text, now.getUTCFullYear());
  if (!parts) return null;
  const hasDate = parts.year !== undefined || parts.month !== undefined || parts.day !== undefined;
  if (!hasDate && parts.hour === undefined && parts.weekday === undefined) return null;
  const year = parts.year ?? now.getUTCFullYear();
  const month = parts.month ?? 0;
  const day = parts.day ?? 1;
  if (year < 1 || month < 0 || month > 11 || day < 1 || day > daysInMonth(year, month)) return null;
  const hour = hour24(parts);
  const minute = parts.minute ?? 0;
  const second = parts.second ?? 0;
  if (hour === null || hour > 23 || minute > 59 || second > 59) return null;
  const date = new Date(Date.UTC(2000, month, day, hour, minute, second, parts.ms ?? 0));
  date.setUTCFullYear(year);
  // A weekday alone moves forward to that weekday, as dateutil's relativedelta(weekday=…) does.
  if (parts.weekday !== undefined && !parts.day) {
    const current = (date.getUTCDay() + 6) % 7;
    date.setUTCDate(date.getUTCDate() + ((parts.weekday - current + 7) % 7));
  }
  if (parts.offsetMinutes) date.setTime(date.getTime() - parts.offsetMinutes * 60_000);
  return date;
}
