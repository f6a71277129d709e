// Time range strings of the time picker turned into [since, until) bounds, following Superset's get_since_until.
import { addUnits, type CalendarUnit, formatDateTime, lastDayOf, type PeriodUnit, truncate } from './calendar.js';
import { parseHumanDateTime } from './human-datetime.js';
import { evaluateTimeExpression } from './time-expression.js';
import { cannotParseMessage, FROM_AFTER_TO_MESSAGE, TimeRangeError } from './time-range-error.js';
import { resolveTimeShift, shiftIntoPast } from './time-shift.js';

export const NO_TIME_RANGE = 'No filter';
export const TIME_RANGE_SEPARATOR = ' : ';

export interface TimeRangeBounds {
  since: Date | null;
  until: Date | null;
}

export interface TimeRangeOptions {
  /** The current instant; the only clock the parser sees. */
  now: Date;
  /** A shift such as "1 year ago" moving both bounds back, or an explicit "A : B" replacing them. */
  timeShift?: string | null;
  /** Anchor for relative phrases ("last 3 days"); by default "now" for sub-day units and "today" otherwise. */
  relativeStart?: string | null;
  /** Anchor of a "Last …" range's end; by default as relativeStart. */
  relativeEnd?: string | null;
  /** Legacy separate bounds, read only when there is no time range ("7 days" meaning 7 days ago). */
  since?: string | null;
  until?: string | null;
}

const LEGACY_GRAINS = ['days', 'years', 'hours', 'day', 'year', 'weeks'];

/** Superset's add_ago_to_since: an old "7 days" start meant 7 days ago. */
function addAgoToSince(since: string): string {
  const words = since.split(' ');
  return words.length === 2 && LEGACY_GRAINS.includes(words[1] ?? '') ? `${since} ago` : since;
}

/** The preset ranges that Superset rewrites into date expressions before parsing. */
const REWRITES: ReadonlyArray<[string, string]> = [
  ['previous calendar week', periodRange(-1, 0, 'WEEK')],
  ['previous calendar month', periodRange(-1, 0, 'MONTH')],
  ['previous calendar quarter', periodRange(-1, 0, 'QUARTER')],
  ['previous calendar year', periodRange(-1, 0, 'YEAR')],
  ['Current day', periodRange(0, 1, 'DAY')],
  ['Current week', periodRange(0, 1, 'WEEK')],
  ['Current month', periodRange(0, 1, 'MONTH')],
  ['Current quarter', periodRange(0, 1, 'QUARTER')],
  ['Current year', periodRange(0, 1, 'YEAR')],
];

function periodRange(from: number, to: number, unit: string): string {
  const bound = (offset: number) => `DATETRUNC(DATEADD(DATETIME('today'), ${offset}, ${unit}), ${unit})`;
  return `${bound(from)}${TIME_RANGE_SEPARATOR}${bound(to)}`;
}

const UNITS = '(second|minute|hour|day|week|month|quarter|year)';
const SHORTHAND = new RegExp(`^(?:Last|Next)\\s{1,5}(?:[0-9]+\\s{0,5})?${UNITS}s?$`, 'i');
const START_OR_END_OF =
  /^(start of|beginning of|end of)\s{1,5}(this|last|next|prior)\s{1,5}([0-9]+)?\s{0,5}(day|week|month|quarter|year)s?$/i;
const SCOPE = new RegExp(`^(this|last|next|prior)\\s{1,5}([0-9]+)?\\s{0,5}${UNITS}s?$`, 'i');
/** "first week of this year": a range from the start of the period to one sub-period later (handle_nth_of). */
const FIRST_SUBUNIT_OF =
  /^(first|1st)\s{1,5}(week|month|quarter)\s{1,5}of\s{1,5}(?:(this|last|next|prior)\s{1,5})?(?:the\s{1,5})?(week|month|quarter|year)$/i;
/** "first of last month", "first day of the year": the start of that period. */
const FIRST_OF_SCOPE =
  /^(first|1st)\s{1,5}(?:day\s{1,5})?of\s{1,5}(this|last|next|prior)\s{1,5}(day|week|month|quarter|year)s?$/i;
const FIRST_OF_THE = /^(first|1st)\s{1,5}(?:day\s{1,5})?of\s{1,5}(?:the\s{1,5})?(week|month|quarter|year)$/i;
const FUNCTION_CALL = /^(DATETIME|DATEADD|DATETRUNC|LASTDAY|HOLIDAY)/i;

/** Sub-day units anchor on the current instant, longer ones on midnight (Superset's get_relative_base). */
function relativeBase(unit: string, relativeStart: string | null | undefined): string {
  if (relativeStart) return relativeStart;
  return ['second', 'minute', 'hour'].includes(unit.toLowerCase()) ? 'now' : 'today';
}

function defaultShorthandBound(timeRange: string): string {
  const match = SHORTHAND.exec(timeRange);
  return match ? relativeBase(match[1] ?? '', null) : 'today';
}

/** "last 2 weeks" → today − 2 weeks; "this month" → today; "next day" → today + 1 day. */
function scoped(scope: string, delta: string | undefined, unit: CalendarUnit, base: Date): Date {
  const amount = delta ? Number(delta) : 1;
  switch (scope.toLowerCase()) {
    case 'this':
      return base;
    case 'next':
      return addUnits(base, amount, unit);
    default:
      return addUnits(base, -amount, unit);
  }
}

/** The start of this (last, next) period, anchored as Superset's handle_nth_of anchors it. */
function startOfScoped(scope: string | undefined, unitWord: string, options: TimeRangeOptions): Date {
  const unit = unitWord.toLowerCase() as PeriodUnit;
  const base = parseHumanDateTime(relativeBase(unit, options.relativeStart), { now: options.now });
  return truncate(scoped(scope ?? 'this', undefined, unit, base), unit);
}

function evaluatePart(part: string, options: TimeRangeOptions): Date | null {
  if (!part) return null;
  const context = { now: options.now };
  const startOrEnd = START_OR_END_OF.exec(part);
  if (startOrEnd) {
    const [, modifier = '', scope = '', delta, unitWord = ''] = startOrEnd;
    const unit = unitWord.toLowerCase() as PeriodUnit;
    const base = parseHumanDateTime(relativeBase(unit, options.relativeStart), context);
    const moved = scoped(scope, delta, unit, base);
    return modifier.toLowerCase() === 'end of' ? lastDayOf(moved, unit) : truncate(moved, unit);
  }
  const firstOf = FIRST_OF_SCOPE.exec(part) ?? FIRST_OF_THE.exec(part);
  if (firstOf) {
    const scopeWord = firstOf.length === 4 ? firstOf[2] : undefined;
    return startOfScoped(scopeWord, firstOf[firstOf.length - 1] ?? '', options);
  }
  const scope = SCOPE.exec(part);
  if (scope) {
    const [, scopeWord = '', delta, unitWord = ''] = scope;
    const unit = unitWord.toLowerCase() as CalendarUnit;
    const base = parseHumanDateTime(relativeBase(unit, options.relativeStart), context);
    return scoped(scopeWord, delta, unit, base);
  }
  if (FUNCTION_CALL.test(part)) return evaluateTimeExpression(part, context);
  return parseHumanDateTime(part, context);
}

function rewrite(timeRange: string, options: TimeRangeOptions): string {
  if (timeRange.includes(TIME_RANGE_SEPARATOR)) return timeRange;
  const firstSub = FIRST_SUBUNIT_OF.exec(timeRange);
  if (firstSub) {
    const [, , subunit = '', scope, unit = ''] = firstSub;
    const start = formatDateTime(startOfScoped(scope, unit, options));
    const sub = subunit.toUpperCase();
    return `DATETIME('${start}')${TIME_RANGE_SEPARATOR}DATEADD(DATETIME('${start}'), 1, ${sub})`;
  }
  if (timeRange.startsWith('Last')) {
    return `${timeRange}${TIME_RANGE_SEPARATOR}${options.relativeEnd || defaultShorthandBound(timeRange)}`;
  }
  if (timeRange.startsWith('Next')) {
    return `${options.relativeStart || defaultShorthandBound(timeRange)}${TIME_RANGE_SEPARATOR}${timeRange}`;
  }
  for (const [preset, expression] of REWRITES) {
    if (timeRange.startsWith(preset)) return expression;
  }
  return timeRange;
}

/**
 * Bounds of a time range: `since` inclusive, `until` exclusive, null when open. An empty range keeps
 * Superset's legacy meaning (no start, until the relative end, i.e. today); a non-empty string that is no
 * known form throws instead of being silently ignored.
 */
export function getSinceUntil(timeRange: string | null | undefined, options: TimeRangeOptions): TimeRangeBounds {
  if (timeRange === NO_TIME_RANGE) return { since: null, until: null };
  const context = { now: options.now };
  let since: Date | null;
  let until: Date | null;
  const range = timeRange ? rewrite(timeRange, options) : '';
  if (range.includes(TIME_RANGE_SEPARATOR)) {
    const at = range.indexOf(TIME_RANGE_SEPARATOR);
    since = evaluatePart(range.slice(0, at).trim(), options);
    until = evaluatePart(range.slice(at + TIME_RANGE_SEPARATOR.length).trim(), options);
  } else if (!range) {
    since = options.since ? parseHumanDateTime(addAgoToSince(options.since), context) : null;
    until = parseHumanDateTime(options.until || options.relativeEnd || 'today', context);
  } else {
    throw new TimeRangeError(cannotParseMessage(range));
  }

  const shift = options.timeShift?.trim();
  if (shift) {
    const at = shift.indexOf(TIME_RANGE_SEPARATOR);
    if (at >= 0) {
      since = parseHumanDateTime(shift.slice(0, at), context);
      until = parseHumanDateTime(shift.slice(at + TIME_RANGE_SEPARATOR.length), context);
    } else {
      const resolved = resolveTimeShift(shift, since, until);
      since = since && shiftIntoPast(since, resolved);
      until = until && shiftIntoPast(until, resolved);
    }
  }
  if (since && until && since.getTime() > until.getTime()) throw new TimeRangeError(FROM_AFTER_TO_MESSAGE);
  return { since, until };
}
