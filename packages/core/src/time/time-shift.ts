// Time shifts ("1 year ago", "52 weeks", "inherit", "2020-01-01") moving a time range into the past, as Superset's
// parse_past_timedelta and its time comparison ("inherit" = the range's own length, a date = back to that date).
import { addUnits, type CalendarUnit, isCalendarUnit } from './calendar.js';
import { cannotParseMessage, deltaAmbiguousMessage, TimeRangeError } from './time-range-error.js';

/** The time comparison that compares with the range just before: the shift is the range's length in days. */
export const INHERITED_SHIFTS = ['inherit', 'inherited'] as const;
export const ENCLOSED_RANGE_MESSAGE =
  'An enclosed time range (both start and end) must be specified when using a Time Comparison.';

const DAY = 24 * 60 * 60 * 1000;
const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
const SHIFT =
  /^([-+]?)\s*([0-9]+|a|an|one|two|three|four|five|six)\s+(second|minute|hour|day|week|month|quarter|year)s?(?:\s+(ago|before|prior|later|after|hence|from now))?$/i;
const CUSTOM_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isInheritedShift(shift: string): boolean {
  return (INHERITED_SHIFTS as readonly string[]).includes(shift.trim().toLowerCase());
}

/** A custom comparison start ("2020-01-01"), as Superset's time comparison sends it. */
export function isDateShift(shift: string): boolean {
  return CUSTOM_DATE.test(shift.trim()) && !Number.isNaN(Date.parse(`${shift.trim()}T00:00:00Z`));
}

export interface ShiftAmount {
  amount: number;
  unit: CalendarUnit;
  /** True for "later", "after", "hence", "from now" and a leading "+". */
  forward: boolean;
}

/** The size of a shift phrase; null when it is no "N units [direction]" phrase. */
export function shiftAmount(shift: string): ShiftAmount | null {
  const match = SHIFT.exec(shift.trim());
  if (!match) return null;
  const word = (match[2] ?? '').toLowerCase();
  const amount = NUMBER_WORDS[word] ?? Number(word);
  const unit = (match[3] ?? '').toLowerCase();
  const direction = (match[4] ?? '').toLowerCase();
  const forward = match[1] === '+' || ['later', 'after', 'hence', 'from now'].includes(direction);
  return isCalendarUnit(unit) ? { amount, unit, forward } : null;
}

function sizeOf(shift: string): ShiftAmount {
  const size = shiftAmount(shift);
  if (!size) throw new TimeRangeError(cannotParseMessage(shift));
  return size;
}

/** Moves a time by a phrase in the direction it says: "1 year ago" back, "1 year later" forward, "1 year" back. */
export function applyTimeShift(date: Date, shift: string): Date {
  const size = sizeOf(shift);
  return addUnits(date, size.forward ? size.amount : -size.amount, size.unit);
}

/**
 * Moves a time range bound into the past, as a time range's time_shift does: Superset prefixes the phrase
 * with "-" and reads it with parsedatetime, so "1 year", "1 year ago" and even "1 year later" all move back.
 */
export function shiftIntoPast(date: Date, shift: string): Date {
  const size = sizeOf(shift);
  return addUnits(date, -size.amount, size.unit);
}

/**
 * "inherit" and a custom date become a plain "N days ago" against the range they shift: the range's length in
 * whole days, or the days from that date to the range's start. Any other shift is returned as it is.
 */
export function resolveTimeShift(shift: string, since: Date | null, until: Date | null): string {
  const inherited = isInheritedShift(shift);
  const dated = !inherited && isDateShift(shift);
  if (!inherited && !dated) return shift.trim();
  if (!since || (inherited && !until)) throw new TimeRangeError(ENCLOSED_RANGE_MESSAGE);
  const from = dated ? new Date(`${shift.trim()}T00:00:00Z`) : since;
  const to = dated ? since : (until as Date);
  return `${Math.floor((to.getTime() - from.getTime()) / DAY)} days ago`;
}

/**
 * Superset's get_past_or_future: the source time moved by a phrase as parsedatetime reads it, so a bare
 * "1 year" or "3 month" moves forward and "-1 year" or "1 year ago" back; "now" or nothing keeps it.
 */
export function getPastOrFuture(phrase: string | null | undefined, source: Date): Date {
  const text = (phrase ?? '').trim();
  if (!text || text.toLowerCase() === 'now') return new Date(source.getTime());
  const size = sizeOf(text);
  const back = text.startsWith('-') || /\s(ago|before|prior)$/i.test(text);
  return addUnits(source, back ? -size.amount : size.amount, size.unit);
}

/** Superset's parse_human_timedelta, in milliseconds: how far get_past_or_future moves the source time. */
export function parseHumanTimedelta(phrase: string | null | undefined, source: Date): number {
  return getPastOrFuture(phrase, source).getTime() - source.getTime();
}

/** Superset's parse_past_timedelta, in milliseconds: how far back a shift moves the source time, as a positive span. */
export function parsePastTimedelta(phrase: string, source: Date): number {
  return source.getTime() - shiftIntoPast(source, phrase).getTime();
}

const TIME_DELTA = /^\s*([0-9]+)\s+(second|minute|hour|day|week|month|quarter|year)s?\s+(ago|later)*$/i;

/**
 * Superset's normalize_time_delta for the time comparison's axis move: "N units ago" is −N, "N units later" +N;
 * anything else, "1 year" included, is ambiguous.
 */
export function normalizeTimeDelta(text: string): { amount: number; unit: CalendarUnit } {
  const match = TIME_DELTA.exec(text);
  const unit = (match?.[2] ?? '').toLowerCase();
  if (!match || !isCalendarUnit(unit)) throw new TimeRangeError(deltaAmbiguousMessage(text));
  const amount = Number(match[1]);
  return { amount: (match[3] ?? '').toLowerCase() === 'ago' ? -amount : amount, unit };
}
