// The schedule form of ScheduleQueryModal and the schedule_info JSON it stores on the saved query.
import { i18nKey } from '../../i18n/i18n';
import { cronError } from '../../reports/schedule';

export interface ScheduleForm {
  label: string;
  description: string;
  /** `yyyy-mm-ddThh:mm` as a datetime-local input gives it. */
  startDate: string;
  /** A preset's cron expression, or the one typed for "custom". */
  frequency: string;
  cron: string;
  targetSchema: string;
  targetTable: string;
}

export interface ScheduleInfo {
  start_date: string;
  schedule_interval: string;
  output_schema?: string;
  output_table?: string;
}

export const CUSTOM_FREQUENCY = 'custom';

export const FREQUENCY_PRESETS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '0 * * * *', label: i18nKey('Hourly') },
  { value: '0 0 * * *', label: i18nKey('Daily') },
  { value: '0 0 * * 1', label: i18nKey('Weekly') },
  { value: '0 0 1 * *', label: i18nKey('Monthly') },
  { value: CUSTOM_FREQUENCY, label: i18nKey('Custom (cron)') },
];

const CRON_MACROS = new Set(['@hourly', '@daily', '@weekly', '@monthly', '@yearly', '@annually']);

/** Five cron fields within their ranges (the reports' one check), or an @ macro. */
export function isValidCron(expression: string): boolean {
  const text = expression.trim();
  return CRON_MACROS.has(text) || cronError(text) === null;
}

export type ScheduleErrors = Partial<Record<keyof ScheduleForm, string>>;

/** English messages, keys for t(). */
export function validateSchedule(form: ScheduleForm): ScheduleErrors {
  const errors: ScheduleErrors = {};
  if (form.label.trim() === '') errors.label = i18nKey('cannot be empty');
  if (form.startDate.trim() === '') errors.startDate = i18nKey('cannot be empty');
  const cron = form.frequency === CUSTOM_FREQUENCY ? form.cron : form.frequency;
  if (!isValidCron(cron)) errors.cron = i18nKey('Enter a cron expression of five fields, e.g. 0 6 * * 1-5');
  if (form.targetTable.trim() !== '' && !/^[A-Za-z_][\w$]*$/.test(form.targetTable.trim())) {
    errors.targetTable = i18nKey('Use letters, digits and underscores');
  }
  return errors;
}

export function toScheduleInfo(form: ScheduleForm): ScheduleInfo {
  const info: ScheduleInfo = {
    start_date: form.startDate,
    schedule_interval: (form.frequency === CUSTOM_FREQUENCY ? form.cron : form.frequency).trim(),
  };
  if (form.targetSchema.trim() !== '') info.output_schema = form.targetSchema.trim();
  if (form.targetTable.trim() !== '') info.output_table = form.targetTable.trim();
  return info;
}

/** A stored schedule back into the form; an interval that is no preset opens as custom. */
export function fromScheduleInfo(
  info: Partial<ScheduleInfo> | null | undefined,
  label: string,
  description: string,
): ScheduleForm {
  const interval = info?.schedule_interval ?? FREQUENCY_PRESETS[1]?.value ?? '0 0 * * *';
  const preset = FREQUENCY_PRESETS.some((p) => p.value === interval && p.value !== CUSTOM_FREQUENCY);
  return {
    label,
    description,
    startDate: info?.start_date ?? '',
    frequency: preset ? interval : CUSTOM_FREQUENCY,
    cron: preset ? '' : interval,
    targetSchema: info?.output_schema ?? '',
    targetTable: info?.output_table ?? '',
  };
}

/**
 * A saved query's schedule in a few words for lists: the preset's name (an English key for t()) or the cron
 * expression, or null when the query has no schedule.
 */
export function scheduleSummary(extra: Record<string, unknown> | null | undefined): {
  label: string;
  preset: boolean;
  start: string | null;
} | null {
  const info = extra?.schedule_info;
  if (!info || typeof info !== 'object') return null;
  const { schedule_interval: interval, start_date: start } = info as Partial<ScheduleInfo>;
  if (typeof interval !== 'string' || interval.trim() === '') return null;
  const preset = FREQUENCY_PRESETS.find((p) => p.value === interval.trim() && p.value !== CUSTOM_FREQUENCY);
  return {
    label: preset ? preset.label : interval.trim(),
    preset: preset !== undefined,
    start: typeof start === 'string' && start !== '' ? start : null,
  };
}
