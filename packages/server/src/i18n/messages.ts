// Server messages in the reader's language: i18next with one catalogue per locale (key = the English message,
// as in the web app); the user's saved choice, then Accept-Language, decides. Error types and field names stay English.
import { chooseLocale, DEFAULT_LOCALE, type SupportedLocale } from '@nezha/core';
import type { FastifyRequest } from 'fastify';
import i18next from 'i18next';
import de from './locales/de.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import ja from './locales/ja.json' with { type: 'json' };
import ko from './locales/ko.json' with { type: 'json' };
import nl from './locales/nl.json' with { type: 'json' };
import pt from './locales/pt.json' with { type: 'json' };
import ptBr from './locales/pt_BR.json' with { type: 'json' };
import ru from './locales/ru.json' with { type: 'json' };
import sk from './locales/sk.json' with { type: 'json' };
import sl from './locales/sl.json' with { type: 'json' };
import zh from './locales/zh.json' with { type: 'json' };

export const SERVER_CATALOGUES: Readonly<Record<Exclude<SupportedLocale, 'en'>, Record<string, string>>> = {
  fr,
  es,
  it,
  zh,
  ja,
  de,
  pt,
  pt_BR: ptBr,
  ru,
  ko,
  sk,
  sl,
  nl,
};

const instance = i18next.createInstance();
void instance.init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  resources: Object.fromEntries(
    Object.entries(SERVER_CATALOGUES).map(([locale, catalogue]) => [locale, { translation: catalogue }]),
  ),
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  initAsync: false,
});

/** A catalogue sentence in a locale; English (and a key no catalogue has) is the key itself, interpolated. */
export function translate(locale: SupportedLocale, key: string, values: Record<string, unknown> = {}): string {
  return instance.t(key, { ...values, lng: locale });
}

interface Template {
  key: string;
  pattern: RegExp;
  names: string[];
}

/** Keys with placeholders, as patterns that recognise the English message they produce. */
const TEMPLATES: Template[] = Object.keys(fr)
  .filter((key) => key.includes('{{'))
  .map((key) => {
    const names: string[] = [];
    const source = key
      .split(/(\{\{\s*\w+\s*\}\})/)
      .map((piece) => {
        const name = /^\{\{\s*(\w+)\s*\}\}$/.exec(piece)?.[1];
        if (!name) return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(name);
        return '(.*?)';
      })
      .join('');
    return { key, pattern: new RegExp(`^${source}$`, 's'), names };
  });

/**
 * An English message already written (a thrown error's text) in a locale: the sentence itself when the catalogue
 * has it, else the first template it was made from, with the same values; a message no catalogue knows stays.
 */
export function translateMessage(locale: SupportedLocale, message: string): string {
  if (locale === 'en') return message;
  if (message in SERVER_CATALOGUES[locale]) return translate(locale, message);
  for (const template of TEMPLATES) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(template.names.map((name, index) => [name, match[index + 1]]));
    return translate(locale, template.key, values);
  }
  return message;
}

/** Translates every string of a validation answer ({field: [messages]}, nested for lists and objects). */
export function translateMessages<T>(locale: SupportedLocale, value: T): T {
  if (locale === DEFAULT_LOCALE) return value;
  if (typeof value === 'string') return translateMessage(locale, value) as T;
  if (Array.isArray(value)) return value.map((item) => translateMessages(locale, item)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([field, inner]) => [field, translateMessages(locale, inner)]),
    ) as T;
  }
  return value;
}

/** The locale of the person behind a request: their saved choice, then Accept-Language, then English. */
export function requestLocale(request: FastifyRequest): SupportedLocale {
  return chooseLocale({ saved: request.user?.locale, acceptLanguage: request.headers['accept-language'] });
}

/** The language of a mail to a user: their saved choice, else English (a scheduled job has no browser to ask). */
export function mailLocale(saved: string | null | undefined): SupportedLocale {
  return chooseLocale({ saved });
}
