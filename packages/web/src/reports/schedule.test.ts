import { describe, expect, it } from 'vitest';
import {
  cronError,
  DEFAULT_REPORT_CRON,
  humanizeCron,
  loadCronDescriptions,
  scheduleTypeFor,
  timezoneNames,
} from './schedule';

describe('report schedules', () => {
  it('accepts what the picker writes: numbers, lists, ranges and steps', () => {
    for (const cron of [DEFAULT_REPORT_CRON, '* * * * *', '*/5 * * * *', '0 9-17/2 * * 1-5', '0,30 8 1,15 1-12 0,6']) {
      expect(cronError(cron), cron).toBeNull();
    }
  });

  it('accepts month and day names and Sunday as 7', () => {
    expect(cronError('0 8 * JAN-MAR MON')).toBeNull();
    expect(cronError('0 8 * * 7')).toBeNull();
  });

  it('names the field that is out of range', () => {
    expect(cronError('60 * * * *')).toBe('The minute must be between 0 and 59: 60');
    expect(cronError('0 24 * * *')).toBe('The hour must be between 0 and 23: 24');
    expect(cronError('0 0 0 * *')).toBe('The day of month must be between 1 and 31: 0');
    expect(cronError('0 0 * 13 *')).toBe('The month must be between 1 and 12: 13');
    expect(cronError('0 0 * * 8')).toBe('The day of week must be between 0 and 7: 8');
  });

  it('refuses a wrong number of fields, an empty one, steps of zero and reversed ranges', () => {
    expect(cronError('')).toBe('A schedule is required');
    expect(cronError('* * * *')).toMatch(/five fields/);
    expect(cronError('* * * * * *')).toMatch(/five fields/);
    expect(cronError('*/0 * * * *')).toBe('Invalid step in minute: */0');
    expect(cronError('0 17-9 * * *')).toBe('The hour must be between 0 and 23: 17-9');
    expect(cronError('a * * * *')).toBe('Invalid minute: a');
  });

  it('humanizes a schedule as cronstrue does, and leaves an invalid one as typed', () => {
    expect(humanizeCron('0 12 * * 1')).toBe('At 12:00 PM, only on Monday');
    expect(humanizeCron('*/5 * * * *')).toBe('Every 5 minutes');
    expect(humanizeCron('nonsense')).toBe('nonsense');
  });

  it("humanizes a schedule in the page's language once cronstrue's translations are loaded", async () => {
    await loadCronDescriptions();
    expect(humanizeCron('0 12 * * 1', 'fr')).toBe('À 12:00, uniquement le lundi');
    expect(humanizeCron('0 12 * * 1', 'de')).toBe('Um 12:00, nur jeden Montag');
    expect(humanizeCron('0 12 * * 1', 'en')).toBe('At 12:00 PM, only on Monday');
  });

  it('edits numeric schedules in the picker and the others as text', () => {
    expect(scheduleTypeFor('0 12 * * 1')).toBe('picker');
    expect(scheduleTypeFor('0 12 * * MON')).toBe('input');
    expect(scheduleTypeFor('bad')).toBe('input');
  });

  it('lists UTC first among the time zones', () => {
    const names = timezoneNames();
    expect(names[0]).toBe('UTC');
    expect(names.filter((name) => name === 'UTC')).toHaveLength(1);
  });
});
