// The 14 languages as the language menu lists them: each in its own name, with its region.
import type { SupportedLocale } from '@nezha/core';

export interface Language {
  locale: SupportedLocale;
  /** The language's own name (never translated: a reader looks for their language as they write it). */
  name: string;
  /** The region whose flag Superset's menu shows beside the name (shown as its code). */
  region: string;
}

export const LANGUAGES: readonly Language[] = [
  { locale: 'en', name: 'English', region: 'US' },
  { locale: 'fr', name: 'Français', region: 'FR' },
  { locale: 'es', name: 'Español', region: 'ES' },
  { locale: 'it', name: 'Italiano', region: 'IT' },
  { locale: 'zh', name: '中文', region: 'CN' },
  { locale: 'ja', name: '日本語', region: 'JP' },
  { locale: 'de', name: 'Deutsch', region: 'DE' },
  { locale: 'pt', name: 'Português', region: 'PT' },
  { locale: 'pt_BR', name: 'Português (Brasil)', region: 'BR' },
  { locale: 'ru', name: 'Русский', region: 'RU' },
  { locale: 'ko', name: '한국어', region: 'KR' },
  { locale: 'sk', name: 'Slovenčina', region: 'SK' },
  { locale: 'sl', name: 'Slovenščina', region: 'SI' },
  { locale: 'nl', name: 'Nederlands', region: 'NL' },
];

export function languageOf(locale: string): Language {
  return LANGUAGES.find((language) => language.locale === locale) ?? LANGUAGES[0]!;
}
