// Numbers and dates of charts and tables follow the active locale: separators, month and day names.
import { format } from 'd3-format';
import { utcFormat } from 'd3-time-format';
import { afterEach, describe, expect, it } from 'vitest';
import { getNumberFormatter } from '../charts/shared/number-format';
import { getTimeFormatter } from '../charts/shared/time-format';
import { applyFormatLocale, formatLocaleVersion, numberLocaleDefinition, timeLocaleDefinition } from './formatting';

/** Any space Intl uses as a thousands separator (fr: narrow no-break space) read as a plain space. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('locale-aware formatting', () => {
  afterEach(() => applyFormatLocale('en'));

  it('writes 1234.5 as each locale writes it', () => {
    applyFormatLocale('fr');
    expect(plain(format(',.1f')(1234.5))).toBe('1 234,5');
    applyFormatLocale('de');
    expect(format(',.1f')(1234.5)).toBe('1.234,5');
    applyFormatLocale('en');
    expect(format(',.1f')(1234.5)).toBe('1,234.5');
  });

  it('the chart number helper follows a switch of language without a reload', () => {
    const before = formatLocaleVersion();
    expect(getNumberFormatter(',.1f')(1234.5)).toBe('1,234.5');
    applyFormatLocale('fr');
    expect(formatLocaleVersion()).toBeGreaterThan(before);
    expect(plain(getNumberFormatter(',.1f')(1234.5))).toBe('1 234,5');
    expect(plain(getNumberFormatter('SMART_NUMBER')(1.5))).toBe('1,5');
    applyFormatLocale('de');
    expect(getNumberFormatter(',.1f')(1234.5)).toBe('1.234,5');
    expect(plain(getNumberFormatter('$,.2f')(1234.5))).toBe('1.234,50 €');
  });

  it('names months and days in the locale, in time formats and the adaptive axis format', () => {
    const january = Date.UTC(2024, 0, 1);
    applyFormatLocale('fr');
    expect(getTimeFormatter('%B %Y')(january)).toBe('janvier 2024');
    expect(getTimeFormatter('smart_date')(Date.UTC(2024, 2, 1))).toBe('mars');
    applyFormatLocale('de');
    expect(utcFormat('%A %d. %B')(new Date(january))).toBe('Montag 01. Januar');
    applyFormatLocale('ja');
    expect(getTimeFormatter('%B')(january)).toBe('1月');
  });

  it('derives a definition for every locale, Slovak and Slovenian included', () => {
    expect(numberLocaleDefinition('sk')).toMatchObject({ decimal: ',' });
    expect(timeLocaleDefinition('sl').months[0]).toBe('januar');
    expect(timeLocaleDefinition('pt_BR').date).toBe('%d/%m/%Y');
    expect(numberLocaleDefinition('en').currency).toEqual(['$', '']);
  });
});
