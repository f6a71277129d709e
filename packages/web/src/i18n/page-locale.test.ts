// Which locale a page opens in: ?lang= for the page load, the server's choice when signed in, the browser's before.
import { describe, expect, it } from 'vitest';
import { linkLocale, pageLocale } from './page-locale';

describe('page locale', () => {
  it('a link with ?lang= opens in that language, even over a saved choice', () => {
    expect(pageLocale({ search: '?lang=de', serverLocale: 'ja', signedIn: true, browserLanguages: ['fr'] })).toBe('de');
    expect(linkLocale('?lang=pt-BR')).toBe('pt_BR');
    expect(linkLocale('?lang=xx')).toBeNull();
  });

  it('signed in, the server decides (saved choice, then Accept-Language)', () => {
    expect(pageLocale({ search: '', serverLocale: 'ja', signedIn: true, browserLanguages: ['fr'] })).toBe('ja');
  });

  it('signed out (the login page), the browser languages decide', () => {
    expect(pageLocale({ search: '', serverLocale: 'en', signedIn: false, browserLanguages: ['xx', 'ru-RU'] })).toBe(
      'ru',
    );
    expect(pageLocale({ search: '', serverLocale: 'ko', signedIn: false, browserLanguages: [] })).toBe('ko');
  });
});
