// The locale a page opens in: a link's ?lang= for this page load, else the server's choice (saved preference, then
// Accept-Language); signed out, the browser's own languages (navigator.languages) decide, as on the login page.
import { DEFAULT_LOCALE, localeFromAcceptLanguage, matchLocale, type SupportedLocale } from '@nezha/core';

/** `?lang=` of the current address, when it names a supported locale. */
export function linkLocale(search: string): SupportedLocale | null {
  return matchLocale(new URLSearchParams(search).get('lang'));
}

export function pageLocale(options: {
  search: string;
  serverLocale: string | null | undefined;
  signedIn: boolean;
  browserLanguages: readonly string[];
}): SupportedLocale {
  const fromServer = matchLocale(options.serverLocale);
  const fromBrowser = localeFromAcceptLanguage(options.browserLanguages.join(','));
  return (
    linkLocale(options.search) ??
    (options.signedIn ? fromServer : (fromBrowser ?? fromServer)) ??
    fromBrowser ??
    DEFAULT_LOCALE
  );
}
