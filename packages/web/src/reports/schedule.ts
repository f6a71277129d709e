// Report schedules: checking and describing the five-field crontab a schedule picker writes, and time zones.
import type { SupportedLocale } from '@nezha/core';
import cronstrue from 'cronstrue';
import { i18nKey, t } from '../i18n/i18n';

/** Superset's ReportModal default: Mondays at noon. */
export const DEFAULT_REPORT_CRON = '0 12 * * 1';
/** Superset's AlertReportModal default (ALERT_REPORTS_DEFAULT_CRON_VALUE): every day at midnight. */
export const DEFAULT_ALERT_CRON = '0 0 * * *';

interface CronField {
  name: string;
  min: number;
  max: number;
  names?: readonly string[];
}

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;
const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;

const FIELDS: readonly CronField[] = [
  { name: i18nKey('minute'), min: 0, max: 59 },
  { name: i18nKey('hour'), min: 0, max: 23 },
  { name: i18nKey('day of month'), min: 1, max: 31 },
  { name: i18nKey('month'), min: 1, max: 12, names: MONTH_NAMES },
  // 7 is Sunday too, as in Vixie cron.
  { name: i18nKey('day of week'), min: 0, max: 7, names: DAY_NAMES },
];

function fieldValue(text: string, field: CronField): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  const index = field.names?.indexOf(text.toUpperCase() as never) ?? -1;
  if (index < 0) return null;
  return field === FIELDS[3] ? index + 1 : index;
}

function itemError(item: string, field: CronField): string | null {
  const [range = '', step, extra] = item.split('/');
  const invalid = () => t('Invalid {{field}}: {{item}}', { field: t(field.name), item });
  if (extra !== undefined) return invalid();
  if (step !== undefined && (!/^\d+$/.test(step) || Number(step) === 0))
    return t('Invalid step in {{field}}: {{item}}', { field: t(field.name), item });
  if (range === '*') return null;
  const [from = '', to, more] = range.split('-');
  if (more !== undefined) return invalid();
  const start = fieldValue(from, field);
  const end = to === undefined ? start : fieldValue(to, field);
  if (start === null || end === null) return invalid();
  if (start < field.min || end > field.max || start > end) {
    return t('The {{field}} must be between {{min}} and {{max}}: {{item}}', {
      field: t(field.name),
      min: field.min,
      max: field.max,
      item,
    });
  }
  return null;
}

/** Why a crontab is not a valid five-field schedule, or null when it is. */
export function cronError(crontab: string): string | null {
  const parts = crontab.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return t('A schedule is required');
  if (parts.length !== 5) return t('A schedule has five fields: minute, hour, day of month, month, day of week');
  for (const [index, part] of parts.entries()) {
    const field = FIELDS[index] as CronField;
    for (const item of part.split(',')) {
      const error = itemError(item, field);
      if (error) return error;
    }
  }
  return null;
}

/** cronstrue's names for the spec's locales. */
const CRONSTRUE_LOCALES: Record<SupportedLocale, string> = {
  en: 'en',
  fr: 'fr',
  es: 'es',
  it: 'it',
  zh: 'zh_CN',
  ja: 'ja',
  de: 'de',
  pt: 'pt_PT',
  pt_BR: 'pt_BR',
  ru: 'ru',
  ko: 'ko',
  sk: 'sk',
  sl: 'sl',
  nl: 'nl',
};

type CronDescriber = typeof cronstrue.toString;
// cronstrue's other languages come in one larger module, fetched only by a page that shows schedules in one of them.
let describeInLocale: CronDescriber | null = null;

/** Loads cronstrue's translated sentences; humanizeCron answers in English until it has. */
export async function loadCronDescriptions(): Promise<void> {
  if (describeInLocale) return;
  const localized = await import('cronstrue/i18n');
  describeInLocale = (crontab, options) => localized.default.toString(crontab, options);
}

/** The sentence the list shows for a schedule ("At 12:00 PM, only on Monday"); the crontab itself when unreadable. */
export function humanizeCron(crontab: string, locale: SupportedLocale = 'en'): string {
  if (cronError(crontab)) return crontab;
  try {
    if (locale !== 'en' && describeInLocale) {
      return describeInLocale(crontab, { verbose: false, locale: CRONSTRUE_LOCALES[locale] });
    }
    return cronstrue.toString(crontab, { verbose: false });
  } catch {
    return crontab;
  }
}

export type ScheduleType = 'picker' | 'input';

/** The picker only draws numbers, ranges, steps and lists; anything else is edited as text (Superset's CRON Schedule). */
export function scheduleTypeFor(crontab: string): ScheduleType {
  if (cronError(crontab)) return 'input';
  return /[a-z]/i.test(crontab) ? 'input' : 'picker';
}

/** The browser's time zone, the default of a new schedule (Superset's TimezoneSelector). */
export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every IANA zone the browser knows, UTC first. */
export function timezoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...names.filter((name) => name !== 'UTC')];
}
