// ECharts' locale for the active language: month and day names of time axes from Intl (ECharts merges what a
// locale leaves out with its English one), registered once per language, given to every chart at init.
import type { SupportedLocale } from '@nezha/core';
import { registerLocale } from 'echarts/core';
import { intlTag } from './formatting';

const registered = new Set<string>();

function names(tag: string, option: Intl.DateTimeFormatOptions, dates: Date[]): string[] {
  const format = new Intl.DateTimeFormat(tag, { ...option, timeZone: 'UTC' });
  return dates.map((date) => format.format(date));
}

/** The name ECharts knows the locale by (registered on first use); English is ECharts' own `EN`. */
export function echartsLocaleName(locale: SupportedLocale): string {
  if (locale === 'en') return 'EN';
  const name = `NEZHA_${locale.toUpperCase()}`;
  if (registered.has(name)) return name;
  const tag = intlTag(locale);
  const months = Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2001, month, 15)));
  const days = Array.from({ length: 7 }, (_, day) => new Date(Date.UTC(2001, 0, 7 + day)));
  // ECharts merges a partial locale with its English one; its type asks for every section.
  const partial = {
    time: {
      month: names(tag, { month: 'long' }, months),
      monthAbbr: names(tag, { month: 'short' }, months),
      dayOfWeek: names(tag, { weekday: 'long' }, days),
      dayOfWeekAbbr: names(tag, { weekday: 'short' }, days),
    },
  };
  registerLocale(name, partial as unknown as Parameters<typeof registerLocale>[1]);
  registered.add(name);
  return name;
}
