import { describe, expect, it } from 'vitest';
import {
  CUSTOM_FREQUENCY,
  fromScheduleInfo,
  isValidCron,
  type ScheduleForm,
  scheduleSummary,
  toScheduleInfo,
  validateSchedule,
} from './schedule-info';

const form: ScheduleForm = {
  label: 'Daily revenue',
  description: '',
  startDate: '2024-05-01T06:00',
  frequency: '0 0 * * *',
  cron: '',
  targetSchema: 'reports',
  targetTable: 'daily_revenue',
};

describe('schedule info', () => {
  it('stores the start date, the interval and the target table', () => {
    expect(toScheduleInfo(form)).toEqual({
      start_date: '2024-05-01T06:00',
      schedule_interval: '0 0 * * *',
      output_schema: 'reports',
      output_table: 'daily_revenue',
    });
  });

  it('uses the typed cron for a custom frequency and leaves out a blank target', () => {
    expect(
      toScheduleInfo({
        ...form,
        frequency: CUSTOM_FREQUENCY,
        cron: ' 0 6 * * 1-5 ',
        targetSchema: '',
        targetTable: '',
      }),
    ).toEqual({ start_date: '2024-05-01T06:00', schedule_interval: '0 6 * * 1-5' });
  });

  it('accepts five cron fields or a macro', () => {
    expect(isValidCron('*/15 0-6 1,15 * 1-5')).toBe(true);
    expect(isValidCron('@daily')).toBe(true);
    expect(isValidCron('0 0 * *')).toBe(false);
    expect(isValidCron('every day')).toBe(false);
    expect(isValidCron('0 24 * * *')).toBe(false);
  });

  it('asks for a name, a start date, a valid cron and a plain table name', () => {
    expect(validateSchedule(form)).toEqual({});
    expect(
      validateSchedule({
        ...form,
        label: ' ',
        startDate: '',
        frequency: CUSTOM_FREQUENCY,
        cron: 'x',
        targetTable: 'a b',
      }),
    ).toEqual({
      label: 'cannot be empty',
      startDate: 'cannot be empty',
      cron: 'Enter a cron expression of five fields, e.g. 0 6 * * 1-5',
      targetTable: 'Use letters, digits and underscores',
    });
  });

  it('opens a stored schedule with a preset or as custom', () => {
    expect(fromScheduleInfo(toScheduleInfo(form), 'Daily revenue', '')).toEqual(form);
    const custom = fromScheduleInfo({ schedule_interval: '5 4 * * *', start_date: 'x' }, 'q', 'd');
    expect(custom.frequency).toBe(CUSTOM_FREQUENCY);
    expect(custom.cron).toBe('5 4 * * *');
    expect(fromScheduleInfo(null, 'q', '').frequency).toBe('0 0 * * *');
  });

  it('sums a schedule up for the saved queries list: a preset by name, else its cron', () => {
    expect(
      scheduleSummary({ schedule_info: { schedule_interval: '0 * * * *', start_date: '2026-01-02T03:04' } }),
    ).toEqual({ label: 'Hourly', preset: true, start: '2026-01-02T03:04' });
    expect(scheduleSummary({ schedule_info: { schedule_interval: '5 4 * * *' } })).toEqual({
      label: '5 4 * * *',
      preset: false,
      start: null,
    });
    expect(scheduleSummary({})).toBeNull();
    expect(scheduleSummary(undefined)).toBeNull();
    expect(scheduleSummary({ schedule_info: 'daily' })).toBeNull();
  });
});
