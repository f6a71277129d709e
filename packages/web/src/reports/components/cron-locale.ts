// The schedule picker's words (react-js-cron's Locale) in the page's language: its phrases from the catalogue, month and
// weekday names from Intl, as Superset's CronPicker does with its own translations.
import type { Locale } from 'react-js-cron';
import { t } from '../../i18n/i18n';

function names(language: string, kind: 'month' | 'weekday', width: 'long' | 'short'): string[] {
  const format = new Intl.DateTimeFormat(
    language,
    kind === 'month' ? { month: width, timeZone: 'UTC' } : { weekday: width, timeZone: 'UTC' },
  );
  // 2023-01-01 was a Sunday: react-js-cron counts weekdays from Sunday and months from January.
  return kind === 'month'
    ? Array.from({ length: 12 }, (_, month) => format.format(new Date(Date.UTC(2023, month, 15))))
    : Array.from({ length: 7 }, (_, day) => format.format(new Date(Date.UTC(2023, 0, 1 + day, 12))));
}

/** The picker's Locale for a BCP 47 language tag (e.g. "fr", "pt-BR"); English reads as react-js-cron's default. */
export function cronPickerLocale(language: string): Locale {
  return {
    everyText: t('every'),
    emptyMonths: t('every month'),
    emptyMonthDays: t('every day of the month'),
    emptyMonthDaysShort: t('day of the month'),
    emptyWeekDays: t('every day of the week'),
    emptyWeekDaysShort: t('day of the week'),
    emptyHours: t('every hour'),
    emptyMinutes: t('every minute'),
    emptyMinutesForHourPeriod: t('every'),
    yearOption: t('year'),
    monthOption: t('month'),
    weekOption: t('week'),
    dayOption: t('day'),
    hourOption: t('hour'),
    minuteOption: t('minute'),
    prefixPeriod: t('Every'),
    prefixMonths: t('in'),
    prefixMonthDays: t('on'),
    prefixWeekDays: t('on'),
    prefixWeekDaysForMonthAndYearPeriod: t('and'),
    prefixHours: t('at'),
    prefixMinutesForHourPeriod: t('at'),
    suffixMinutesForHourPeriod: t('minute(s)'),
    errorInvalidCron: t('Invalid cron expression'),
    clearButtonText: t('Clear'),
    weekDays: names(language, 'weekday', 'long'),
    months: names(language, 'month', 'long'),
  };
}
