// Locale-aware formatting: d3-format and d3-time-format defaults (separators, month and day names) derived from the
// runtime's Intl data, so every locale has a definition and none is downloaded; the dayjs locale (first day of week,
// names of the date pickers) and ECharts' locale are loaded lazily with the language.
import type { SupportedLocale } from '@nezha/core';
import { type FormatLocaleDefinition, formatDefaultLocale } from 'd3-format';
import { type TimeLocaleDefinition, timeFormatDefaultLocale } from 'd3-time-format';

/** The BCP 47 tag Intl and the browser use for a locale of the spec's list. */
export function intlTag(locale: SupportedLocale | string): string {
  return locale.replace('_', '-');
}

/** The currency a locale's `$` format shows, as d3's locale files do. */
const CURRENCY: Record<SupportedLocale, string> = {
  en: 'USD',
  fr: 'EUR',
  es: 'EUR',
  it: 'EUR',
  zh: 'CNY',
  ja: 'JPY',
  de: 'EUR',
  pt: 'EUR',
  pt_BR: 'BRL',
  ru: 'RUB',
  ko: 'KRW',
  sk: 'EUR',
  sl: 'EUR',
  nl: 'EUR',
};

export function numberLocaleDefinition(locale: SupportedLocale): FormatLocaleDefinition {
  const tag = intlTag(locale);
  const parts = new Intl.NumberFormat(tag, { useGrouping: 'always' }).formatToParts(1234567.5);
  const part = (type: string, fallback: string) => parts.find((p) => p.type === type)?.value ?? fallback;
  const money = new Intl.NumberFormat(tag, { style: 'currency', currency: CURRENCY[locale] }).formatToParts(1);
  const integerAt = money.findIndex((p) => p.type === 'integer');
  const symbolAt = money.findIndex((p) => p.type === 'currency');
  const symbol = money[symbolAt]?.value ?? '$';
  // The space between number and symbol is kept with the symbol (fr "1,00 €").
  const between = money.slice(Math.min(integerAt, symbolAt) + 1, Math.max(integerAt, symbolAt));
  const gap = between.find((p) => p.type === 'literal')?.value ?? '';
  return {
    decimal: part('decimal', '.'),
    thousands: part('group', ','),
    grouping: [3],
    currency: symbolAt < integerAt ? [`${symbol}${gap}`, ''] : ['', `${gap}${symbol}`],
    minus: part('minusSign', '−'),
  };
}

function names(tag: string, option: Intl.DateTimeFormatOptions, dates: Date[]): string[] {
  const format = new Intl.DateTimeFormat(tag, { ...option, timeZone: 'UTC' });
  return dates.map((date) => format.format(date));
}

/** A d3-time-format pattern from the parts Intl writes for a sample date (e.g. fr "%d/%m/%Y"). */
function pattern(tag: string, option: Intl.DateTimeFormatOptions): string {
  const sample = new Date(Date.UTC(2001, 10, 22, 15, 4, 5));
  const codes: Record<string, string> = {
    year: '%Y',
    month: '%m',
    day: '%d',
    hour: option.hour12 === false ? '%H' : '%I',
    minute: '%M',
    second: '%S',
    dayPeriod: '%p',
  };
  return new Intl.DateTimeFormat(tag, { ...option, timeZone: 'UTC' })
    .formatToParts(sample)
    .map((p) => (p.type === 'literal' ? p.value.replaceAll('%', '%%') : (codes[p.type] ?? '')))
    .join('');
}

export function timeLocaleDefinition(locale: SupportedLocale): TimeLocaleDefinition {
  const tag = intlTag(locale);
  const months = Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2001, month, 15)));
  // 2001-01-07 was a Sunday: d3 lists days from Sunday.
  const days = Array.from({ length: 7 }, (_, day) => new Date(Date.UTC(2001, 0, 7 + day)));
  const hour12 = new Intl.DateTimeFormat(tag, { hour: 'numeric', timeZone: 'UTC' }).resolvedOptions().hour12 ?? false;
  const period = (hour: number) =>
    new Intl.DateTimeFormat(tag, { hour: 'numeric', hour12: true, timeZone: 'UTC' })
      .formatToParts(new Date(Date.UTC(2001, 0, 1, hour)))
      .find((p) => p.type === 'dayPeriod')?.value ?? (hour < 12 ? 'AM' : 'PM');
  const date = pattern(tag, { year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = pattern(tag, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12 });
  return {
    dateTime: `%a ${date} ${time}`,
    date,
    time,
    periods: [period(9), period(15)],
    days: names(tag, { weekday: 'long' }, days) as TimeLocaleDefinition['days'],
    shortDays: names(tag, { weekday: 'short' }, days) as TimeLocaleDefinition['shortDays'],
    months: names(tag, { month: 'long' }, months) as TimeLocaleDefinition['months'],
    shortMonths: names(tag, { month: 'short' }, months) as TimeLocaleDefinition['shortMonths'],
  };
}

let version = 0;

/**
 * Bumped each time the default d3 locales change: formatters cached by the chart helpers are rebuilt when it moves,
 * so a language switch without a reload reformats every number and date.
 */
export function formatLocaleVersion(): number {
  return version;
}

/** Sets d3-format's and d3-time-format's default locale (the live `format` / `utcFormat` exports follow it). */
export function applyFormatLocale(locale: SupportedLocale): void {
  formatDefaultLocale(numberLocaleDefinition(locale));
  timeFormatDefaultLocale(timeLocaleDefinition(locale));
  version++;
}
