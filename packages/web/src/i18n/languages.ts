// The 14 languages as the language menu lists them: each in its own name, with its flag.
import type { SupportedLocale } from '@nezha/core';

export interface Language {
  locale: SupportedLocale;
  /** The language's own name (never translated: a reader looks for their language as they write it). */
  name: string;
  /** Regional indicator flag, as Superset's menu shows a flag beside the name. */
  flag: string;
}

export const LANGUAGES: readonly Language[] = [
  { locale: 'en', name: 'English', flag: '🇺🇸' },
  { locale: 'fr', name: 'Français', flag: '🇫🇷' },
  { locale: 'es', name: 'Español', flag: '🇪🇸' },
  { locale: 'it', name: 'Italiano', flag: '🇮🇹' },
  { locale: 'zh', name: '中文', flag: '🇨🇳' },
  { locale: 'ja', name: '日本語', flag: '🇯🇵' },
  { locale: 'de', name: 'Deutsch', flag: '🇩🇪' },
  { locale: 'pt', name: 'Português', flag: '🇵🇹' },
  { locale: 'pt_BR', name: 'Português (Brasil)', flag: '🇧🇷' },
  { locale: 'ru', name: 'Русский', flag: '🇷🇺' },
  { locale: 'ko', name: '한국어', flag: '🇰🇷' },
  { locale: 'sk', name: 'Slovenčina', flag: '🇸🇰' },
  { locale: 'sl', name: 'Slovenščina', flag: '🇸🇮' },
  { locale: 'nl', name: 'Nederlands', flag: '🇳🇱' },
];

export function languageOf(locale: string): Language {
  return LANGUAGES.find((language) => language.locale === locale) ?? LANGUAGES[0]!;
}
