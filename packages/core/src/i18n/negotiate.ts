// Which of the 14 locales a person reads: their saved choice, then a `?lang=` link, then the browser's languages.
import { DEFAULT_LOCALE, isSupportedLocale, type SupportedLocale } from './locales.js';

/** A language tag (`pt-BR`, `pt_BR`, `de-AT`, `FR`) as one of the supported locales, or null. */
export function matchLocale(tag: string | null | undefined): SupportedLocale | null {
  if (!tag) return null;
  const [language = '', region] = tag.trim().replace('-', '_').split('_');
  const exact = region ? `${language.toLowerCase()}_${region.toUpperCase()}` : language.toLowerCase();
  if (isSupportedLocale(exact)) return exact;
  const base = language.toLowerCase();
  return isSupportedLocale(base) ? base : null;
}

/** The first supported locale of an Accept-Language header, by quality then order; null when none is. */
export function localeFromAcceptLanguage(header: string | null | undefined): SupportedLocale | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.tag && range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const range of ranges) {
    const locale = matchLocale(range.tag);
    if (locale) return locale;
  }
  return null;
}

export interface LocaleSources {
  /** The user's saved preference (null when they never chose). */
  saved?: string | null | undefined;
  /** `?lang=` of the link that opened the page. */
  requested?: string | null | undefined;
  /** The Accept-Language header, or the browser's navigator.languages joined by commas. */
  acceptLanguage?: string | null | undefined;
}

export function chooseLocale(sources: LocaleSources): SupportedLocale {
  return (
    matchLocale(sources.saved) ??
    matchLocale(sources.requested) ??
    localeFromAcceptLanguage(sources.acceptLanguage) ??
    DEFAULT_LOCALE
  );
}
