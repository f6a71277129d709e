import { describe, expect, it } from 'vitest';
import { cronPickerLocale } from './cron-locale';

describe('cronPickerLocale', () => {
  it("keeps react-js-cron's English words on an English page", () => {
    const locale = cronPickerLocale('en');
    expect(locale.prefixPeriod).toBe('Every');
    expect(locale.weekDays).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    expect(locale.months?.[0]).toBe('January');
    expect(locale.months?.[11]).toBe('December');
  });

  it('names months and weekdays as the language writes them, Sunday first', () => {
    const locale = cronPickerLocale('fr');
    expect(locale.weekDays?.[0]).toBe('dimanche');
    expect(locale.months?.[7]).toBe('août');
  });
});
