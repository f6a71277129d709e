// Locale choice: saved preference, then ?lang, then Accept-Language by quality.
import { describe, expect, it } from 'vitest';
import { chooseLocale, localeFromAcceptLanguage, matchLocale } from './negotiate.js';

describe('locale negotiation', () => {
  it('reads dashed, underscored and regional tags', () => {
    expect(matchLocale('pt-BR')).toBe('pt_BR');
    expect(matchLocale('pt_br')).toBe('pt_BR');
    expect(matchLocale('pt-PT')).toBe('pt');
    expect(matchLocale('de-AT')).toBe('de');
    expect(matchLocale('zh-Hans-CN')).toBe('zh');
    expect(matchLocale('xx')).toBeNull();
  });

  it('takes the best supported language of Accept-Language by quality', () => {
    expect(localeFromAcceptLanguage('xx, ja;q=0.5, fr;q=0.8')).toBe('fr');
    expect(localeFromAcceptLanguage('en-US,en;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('de;q=0, xx')).toBeNull();
  });

  it('prefers the saved choice, then the link, then the browser', () => {
    expect(chooseLocale({ saved: 'ja', requested: 'fr', acceptLanguage: 'de' })).toBe('ja');
    expect(chooseLocale({ saved: null, requested: 'fr', acceptLanguage: 'de' })).toBe('fr');
    expect(chooseLocale({ requested: 'xx', acceptLanguage: 'ko-KR,ko;q=0.9' })).toBe('ko');
    expect(chooseLocale({})).toBe('en');
  });
});
