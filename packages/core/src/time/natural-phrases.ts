// Relative phrases ("one year ago", "2 weeks from now", "last monday", "yesterday at noon") read the way
// parsedatetime does for Superset's parse_human_datetime, including whether the phrase carried a time of day.
import { addUnits, type CalendarUnit, daysInMonth, isCalendarUnit, startOfDay, truncate } from './calendar.js';

export interface PhraseResult {
  date: Date;
  /** parsedatetime's "time" flag: without it Superset resets the result to midnight. */
  hasTime: boolean;
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  hundred: 100,
};
/** Times of day parsedatetime knows by name. */
const TIME_WORDS: Record<string, number> = {
  midnight: 0,
  morning: 6,
  noon: 12,
  lunch: 12,
  afternoon: 13,
  eod: 17,
  evening: 18,
  tonight: 21,
};
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const SUB_DAY = new Set<CalendarUnit>(['hour', 'minute', 'second']);
const BACK = new Set(['ago', 'before', 'prior', 'earlier']);
const FORWARD = new Set(['later', 'after', 'hence', 'from today']);

const DAY = 24 * 60 * 60 * 1000;

function amountOf(word: string): number | undefined {
  if (/^\d+$/.test(word)) return Number(word);
  return NUMBER_WORDS[word];
}

function unitOf(word: string): CalendarUnit | undefined {
  const singular = word.endsWith('s') ? word.slice(0, -1) : word;
  return isCalendarUnit(singular) ? singular : undefined;
}

function weekdayOf(word: string): number | undefined {
  const at = WEEKDAYS.findIndex((name) => name === word || name.slice(0, 3) === word);
  return at >= 0 ? at : undefined;
}

/** A trailing time of day: "noon", "10am", "5 pm", "10:30", "10:30pm". Returns [hour, minute, second]. */
function clockOf(text: string): [number, number, number] | null {
  if (text in TIME_WORDS) return [TIME_WORDS[text] as number, 0, 0];
  const match = /^(\d{1,2})(?::(\d{2})(?::(\d{2}))?)?\s*(am|pm|a\.m\.|p\.m\.)?$/.exec(text);
  if (!match || (!match[2] && !match[4])) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  const second = Number(match[3] ?? 0);
  const meridiem = match[4]?.[0];
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return null;
  return [hour, minute, second];
}

function shift(now: Date, amount: number, unit: CalendarUnit, keepTime: boolean): PhraseResult {
  return { date: addUnits(now, amount, unit), hasTime: keepTime || SUB_DAY.has(unit) };
}

/** "N units ago", "in N units", "-N units", "N units from now". */
function relative(words: string[], now: Date): PhraseResult | null {
  if (words[0] === 'in' && words.length === 3) {
    const amount = amountOf(words[1] as string);
    const unit = unitOf(words[2] as string);
    return amount !== undefined && unit ? shift(now, amount, unit, false) : null;
  }
  const signed = /^([+-])(\d+)$/.exec(words[0] ?? '');
  if (signed && words.length === 2) {
    const unit = unitOf(words[1] as string);
    const amount = Number(signed[2]) * (signed[1] === '-' ? -1 : 1);
    return unit ? shift(now, amount, unit, false) : null;
  }
  if (words.length < 3) return null;
  const amount = amountOf(words[0] as string);
  const unit = unitOf(words[1] as string);
  if (amount === undefined || !unit) return null;
  const direction = words.slice(2).join(' ');
  if (direction === 'from now') return shift(now, amount, unit, true);
  if (direction === 'before now') return shift(now, -amount, unit, true);
  if (BACK.has(direction)) return shift(now, -amount, unit, false);
  if (FORWARD.has(direction)) return shift(now, amount, unit, false);
  return null;
}

/** "last week", "next month", "this year", "last friday": parsedatetime's own readings of them. */
function scoped(words: string[], now: Date): PhraseResult | null {
  if (words.length !== 2) return null;
  const [scope = '', word = ''] = words;
  if (scope !== 'last' && scope !== 'next' && scope !== 'this') return null;
  const step = scope === 'last' ? -1 : scope === 'next' ? 1 : 0;
  const weekday = weekdayOf(word);
  if (weekday !== undefined) {
    // The weekday within this Monday-to-Sunday week, the one before or the one after.
    const monday = truncate(now, 'week');
    return { date: new Date(monday.getTime() + (weekday + 7 * step) * DAY), hasTime: false };
  }
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  switch (word) {
    case 'day':
      return step === 0 ? null : { date: addUnits(now, step, 'day'), hasTime: false };
    case 'week':
      return step === 0 ? null : { date: addUnits(now, 7 * step, 'day'), hasTime: false };
    case 'month':
      return step === 0
        ? { date: new Date(Date.UTC(y, m, daysInMonth(y, m))), hasTime: false }
        : { date: new Date(Date.UTC(y, m + step, 1)), hasTime: false };
    case 'year':
      return step === 0
        ? { date: new Date(Date.UTC(y, 11, 31)), hasTime: false }
        : { date: new Date(Date.UTC(y + step, 0, 1)), hasTime: false };
    case 'hour':
      return { date: truncate(addUnits(now, step, 'hour'), 'hour'), hasTime: true };
    default:
      return null;
  }
}

function datePart(text: string, now: Date): PhraseResult | null {
  const words = text.split(' ').filter(Boolean);
  switch (text) {
    case '':
      return { date: now, hasTime: false };
    case 'now':
      return { date: now, hasTime: true };
    case 'today':
      return { date: now, hasTime: false };
    case 'yesterday':
      return { date: addUnits(now, -1, 'day'), hasTime: false };
    case 'tomorrow':
      return { date: addUnits(now, 1, 'day'), hasTime: false };
    case 'end of month':
    case 'eom':
      return scoped(['this', 'month'], now);
    case 'end of year':
    case 'eoy':
      return scoped(['this', 'year'], now);
    default:
      return relative(words, now) ?? scoped(words, now);
  }
}

/** Splits "yesterday at 10am" into the date phrase and its time of day, word by word (no backtracking regex). */
function splitClock(text: string): { rest: string; clock: [number, number, number] | null } {
  const words = text.split(' ');
  const last = words[words.length - 1] ?? '';
  // "5 pm" is one time of day written as two words.
  const width = /^(am|pm|a\.m\.|p\.m\.)$/.test(last) && words.length > 1 ? 2 : 1;
  const clock = clockOf(words.slice(-width).join(' '));
  if (!clock) return { rest: text, clock: null };
  const rest = words.slice(0, -width);
  if (rest[rest.length - 1] === 'at') rest.pop();
  return { rest: rest.join(' '), clock };
}

/** The phrase's instant, or null when parsedatetime would not understand it. */
export function parsePhrase(input: string, now: Date): PhraseResult | null {
  const text = input.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!text) return null;
  const { rest, clock } = splitClock(text);
  if (!clock) return rest ? datePart(rest, now) : null;
  const base = datePart(rest, now);
  if (!base) return null;
  const [hour, minute, second] = clock;
  const day = startOfDay(base.date);
  return { date: new Date(day.getTime() + ((hour * 60 + minute) * 60 + second) * 1000), hasTime: true };
}
