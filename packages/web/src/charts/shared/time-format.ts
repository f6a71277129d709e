// Time formatting of epoch-millisecond values in UTC: Superset's adaptive smart_date and d3-time-format patterns.
import { utcFormat } from 'd3-time-format';
import { formatLocaleVersion } from '../../i18n/formatting';
import { i18nKey } from '../../i18n/i18n';

export type TimeFormatter = (value: unknown) => string;

export const SMART_DATE = 'smart_date';
export const SMART_DATE_VERBOSE = 'smart_date_verbose';

export const TIME_FORMAT_CHOICES: Array<[string, string]> = [
  [SMART_DATE, i18nKey('Adaptive formatting')],
  ['%d/%m/%Y', '%d/%m/%Y | 14/01/2019'],
  ['%m/%d/%Y', '%m/%d/%Y | 01/14/2019'],
  ['%Y-%m-%d', '%Y-%m-%d | 2019-01-14'],
  ['%Y-%m-%d %H:%M:%S', '%Y-%m-%d %H:%M:%S | 2019-01-14 01:32:10'],
  ['%d-%m-%Y %H:%M:%S', '%d-%m-%Y %H:%M:%S | 14-01-2019 01:32:10'],
  ['%H:%M:%S', '%H:%M:%S | 01:32:10'],
];

/** Epoch ms, a Date or a date string as a Date; anything else is null. */
export function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value);
  if (typeof value === 'string' && value.trim()) {
    const text = value.trim();
    const zoned = /([zZ]|[+-]\d\d:?\d\d)$/.test(text) || !text.includes(':') ? text : `${text.replace(' ', 'T')}Z`;
    const time = Date.parse(zoned);
    return Number.isNaN(time) ? null : new Date(time);
  }
  return null;
}

type DateFormat = (date: Date) => string;

/** Picks the format by the finest unit the time carries, as d3's multi-scale formats do. */
function adaptive(formats: {
  millisecond: DateFormat;
  second: DateFormat;
  minute: DateFormat;
  hour: DateFormat;
  day: DateFormat;
  week: DateFormat;
  month: DateFormat;
  year: DateFormat;
}): DateFormat {
  return (date) => {
    if (date.getUTCMilliseconds() !== 0) return formats.millisecond(date);
    if (date.getUTCSeconds() !== 0) return formats.second(date);
    if (date.getUTCMinutes() !== 0) return formats.minute(date);
    if (date.getUTCHours() !== 0) return formats.hour(date);
    if (date.getUTCDate() !== 1) return date.getUTCDay() === 0 ? formats.week(date) : formats.day(date);
    if (date.getUTCMonth() !== 0) return formats.month(date);
    return formats.year(date);
  };
}

/** Axis ticks: the shortest text that tells neighbouring ticks apart. */
const smartDate = () =>
  adaptive({
    millisecond: utcFormat('.%Lms'),
    second: utcFormat(':%Ss'),
    minute: utcFormat('%I:%M'),
    hour: utcFormat('%I %p'),
    day: utcFormat('%a %d'),
    week: utcFormat('%b %d'),
    month: utcFormat('%B'),
    year: utcFormat('%Y'),
  });

/** Tooltips and labels: a whole date, as precise as the value is. */
const smartDateVerbose = () =>
  adaptive({
    millisecond: utcFormat('%Y-%m-%d %H:%M:%S.%L'),
    second: utcFormat('%Y-%m-%d %H:%M:%S'),
    minute: utcFormat('%Y-%m-%d %H:%M'),
    hour: utcFormat('%Y-%m-%d %H:%M'),
    day: utcFormat('%Y-%m-%d'),
    week: utcFormat('%Y-%m-%d'),
    month: utcFormat('%Y-%m-%d'),
    year: utcFormat('%Y'),
  });

const cache = new Map<string, TimeFormatter>();

function wrap(format: DateFormat): TimeFormatter {
  return (value) => {
    if (value === null || value === undefined) return 'N/A';
    const date = toDate(value);
    return date ? format(date) : String(value);
  };
}

/** A formatter for smart_date, smart_date_verbose or a d3-time-format pattern; empty means smart_date. */
export function getTimeFormatter(format?: string | null): TimeFormatter {
  const key = format?.trim() || SMART_DATE;
  // Keyed by the locale too: month and day names follow the language.
  const cacheKey = `${formatLocaleVersion()}\u0000${key}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const formatter = wrap(
    key === SMART_DATE ? smartDate() : key === SMART_DATE_VERBOSE ? smartDateVerbose() : utcFormat(key),
  );
  cache.set(cacheKey, formatter);
  return formatter;
}

const GRAIN_FORMATS: Record<string, string> = {
  PT1S: '%Y-%m-%d %H:%M:%S',
  PT1M: '%Y-%m-%d %H:%M',
  PT5M: '%Y-%m-%d %H:%M',
  PT10M: '%Y-%m-%d %H:%M',
  PT15M: '%Y-%m-%d %H:%M',
  PT30M: '%Y-%m-%d %H:%M',
  PT1H: '%Y-%m-%d %H:%M',
  PT6H: '%Y-%m-%d %H:%M',
  P1D: '%Y-%m-%d',
  P1W: '%Y-%m-%d',
  P1M: '%b %Y',
  P3M: '%Y Q%q',
  P1Y: '%Y',
};

/**
 * The time format of tooltips and of times used as names (categories, legend entries, table cells): an explicit format wins; the adaptive default follows the time grain (a
 * monthly series reads "Jan 2024", not "2024-01-01"), else the value's own precision.
 */
export function getGrainTimeFormatter(format?: string | null, timeGrain?: string | null): TimeFormatter {
  if (format && format !== SMART_DATE) return getTimeFormatter(format);
  const byGrain = timeGrain ? GRAIN_FORMATS[timeGrain] : undefined;
  return getTimeFormatter(byGrain ?? SMART_DATE_VERBOSE);
}

/** Tooltips read times like names do. */
export const getTooltipTimeFormatter = getGrainTimeFormatter;
