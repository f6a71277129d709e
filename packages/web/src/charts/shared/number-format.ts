// Number formatting of chart values: Superset's adaptive SMART_NUMBER, durations and any d3-format pattern.
import { format as d3Format } from 'd3-format';
import { formatLocaleVersion } from '../../i18n/formatting';
import { i18nKey } from '../../i18n/i18n';

export type NumberFormatter = (value: number | null | undefined) => string;

export const SMART_NUMBER = 'SMART_NUMBER';
export const SMART_NUMBER_SIGNED = 'SMART_NUMBER_SIGNED';

/** The choices of the number format selects ([format, label]); any d3-format pattern is also accepted. */
export const NUMBER_FORMAT_CHOICES: Array<[string, string]> = [
  [SMART_NUMBER, i18nKey('Adaptive formatting')],
  ['~g', i18nKey('Original value')],
  [',d', ',d (12345.432 => 12,345)'],
  ['.1s', '.1s (12345.432 => 10k)'],
  ['.3s', '.3s (12345.432 => 12.3k)'],
  [',.1%', ',.1% (0.12345 => 12.3%)'],
  ['.2%', '.2% (0.12345 => 12.35%)'],
  ['.3%', '.3% (0.12345 => 12.345%)'],
  ['.4r', '.4r (12345.432 => 12350)'],
  [',.2f', ',.2f (12345.432 => 12,345.43)'],
  [',.3f', ',.3f (12345.432 => 12,345.432)'],
  ['+,', '+, (12345.432 => +12,345.432)'],
  ['$,.2f', '$,.2f (12345.432 => $12,345.43)'],
  ['DURATION', i18nKey('Duration in ms (66000 => 1m 6s)')],
  ['DURATION_SUB', i18nKey('Duration in ms (1.40008 => 1ms 400µs 80ns)')],
];

// d3Format is the live default of the active locale: these are rebuilt when the language changes.
let fixed = { version: -1, si: d3Format('.3~s'), twoPlaces: d3Format('.2~f'), fourPlaces: d3Format('.4~f') };
function fixedFormats() {
  if (fixed.version !== formatLocaleVersion()) {
    fixed = {
      version: formatLocaleVersion(),
      si: d3Format('.3~s'),
      twoPlaces: d3Format('.2~f'),
      fourPlaces: d3Format('.4~f'),
    };
  }
  return fixed;
}

/**
 * Superset's adaptive format: SI prefixes from a thousand up (billions as B, not G), two decimals from one,
 * four below one, micro below a thousandth.
 */
function smartNumber(value: number): string {
  if (value === 0) return '0';
  const { si, twoPlaces, fourPlaces } = fixedFormats();
  const absolute = Math.abs(value);
  if (absolute >= 1000) return si(value).replace('G', 'B');
  if (absolute >= 1) return twoPlaces(value);
  if (absolute >= 0.001) return fourPlaces(value);
  if (absolute > 0.000001) return `${si(value * 1000000)}µ`;
  return si(value);
}

const DURATION_UNITS: Array<[string, number]> = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
  ['ms', 1],
];
const SUB_MS_UNITS: Array<[string, number]> = [
  ['µs', 0.001],
  ['ns', 0.000001],
];

/** "1m 6s" from 66000 ms; with `subMilliseconds`, "1ms 400µs 80ns" from 1.40008 ms. */
function duration(value: number, subMilliseconds: boolean): string {
  if (value === 0) return '0ms';
  const sign = value < 0 ? '-' : '';
  let rest = Math.abs(value);
  const parts: string[] = [];
  for (const [unit, size] of subMilliseconds ? [...DURATION_UNITS, ...SUB_MS_UNITS] : DURATION_UNITS) {
    const count = unit === (subMilliseconds ? 'ns' : 'ms') ? Math.round(rest / size) : Math.floor(rest / size + 1e-9);
    if (count > 0) parts.push(`${count}${unit}`);
    rest -= count * size;
  }
  return `${sign}${parts.join(' ') || (subMilliseconds ? '0ns' : '0ms')}`;
}

function build(format: string): (value: number) => string {
  if (format === SMART_NUMBER) return smartNumber;
  if (format === SMART_NUMBER_SIGNED) return (value) => (value > 0 ? `+${smartNumber(value)}` : smartNumber(value));
  if (format === 'DURATION') return (value) => duration(value, false);
  if (format === 'DURATION_SUB') return (value) => duration(value, true);
  try {
    return d3Format(format);
  } catch {
    return (value) => `${value} (Invalid format: ${format})`;
  }
}

const cache = new Map<string, NumberFormatter>();

/** A formatter for a named format or a d3-format pattern; an empty format is SMART_NUMBER. Nulls print as "N/A". */
export function getNumberFormatter(format?: string | null): NumberFormatter {
  const key = format?.trim() || SMART_NUMBER;
  // Keyed by the locale too: separators follow the language.
  const cacheKey = `${formatLocaleVersion()}\u0000${key}`;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  const run = build(key);
  const formatter: NumberFormatter = (value) =>
    value === null || value === undefined || Number.isNaN(value) ? 'N/A' : run(value);
  cache.set(cacheKey, formatter);
  return formatter;
}

/** Shorthand for one value. */
export function formatNumber(format: string | null | undefined, value: number | null | undefined): string {
  return getNumberFormatter(format)(value);
}
