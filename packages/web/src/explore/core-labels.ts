// Labels that live in @nezha/core tables (time grains, time range frames and presets, time shifts, relative
// grains) and that explore shows with t(value): listed here so the catalogue guard knows they are used.
import { i18nKey } from '../i18n/i18n';

export const TIME_GRAIN_LABELS = [
  i18nKey('Second'),
  i18nKey('5 second'),
  i18nKey('30 second'),
  i18nKey('Minute'),
  i18nKey('5 minute'),
  i18nKey('10 minute'),
  i18nKey('15 minute'),
  i18nKey('30 minute'),
  i18nKey('Half hour'),
  i18nKey('Hour'),
  i18nKey('6 hour'),
  i18nKey('Day'),
  i18nKey('Week'),
  i18nKey('Week starting Sunday'),
  i18nKey('Week starting Monday'),
  i18nKey('Week ending Saturday'),
  i18nKey('Week ending Sunday'),
  i18nKey('Month'),
  i18nKey('Quarter'),
  i18nKey('Year'),
] as const;

export const TIME_RANGE_LABELS = [
  i18nKey('Last'),
  i18nKey('Previous'),
  i18nKey('Current'),
  i18nKey('Custom'),
  i18nKey('Advanced'),
  i18nKey('No filter'),
  i18nKey('Last day'),
  i18nKey('Last week'),
  i18nKey('Last 28 days'),
  i18nKey('Last month'),
  i18nKey('Last quarter'),
  i18nKey('Last year'),
  i18nKey('previous calendar week'),
  i18nKey('previous calendar month'),
  i18nKey('previous calendar year'),
  i18nKey('Current day'),
  i18nKey('Current week'),
  i18nKey('Current month'),
  i18nKey('Current quarter'),
  i18nKey('Current year'),
] as const;

export const TIME_SHIFT_LABELS = [
  i18nKey('1 day ago'),
  i18nKey('1 week ago'),
  i18nKey('28 days ago'),
  i18nKey('30 days ago'),
  i18nKey('52 weeks ago'),
  i18nKey('1 year ago'),
  i18nKey('104 weeks ago'),
  i18nKey('2 years ago'),
  i18nKey('156 weeks ago'),
  i18nKey('3 years ago'),
] as const;

/** CustomBoundEditor shows the relative grains as t(`${grain}s`). */
export const RELATIVE_GRAIN_LABELS = [
  i18nKey('seconds'),
  i18nKey('minutes'),
  i18nKey('hours'),
  i18nKey('days'),
  i18nKey('weeks'),
  i18nKey('months'),
  i18nKey('quarters'),
  i18nKey('years'),
] as const;

/** Core validators' messages (chart/validators.ts), shown with t(message) after the control's label. */
export const VALIDATION_MESSAGES = [i18nKey('cannot be empty'), i18nKey('is expected to be an integer')] as const;
