// i18next set-up: English strings are written inline with t(); other locales load their catalogues lazily.
//
// Catalogues: locales/<locale>/<area>.json, one per top-level folder of src (sqllab, explore, charts, ...), flat
// JSON whose keys are the English sentences passed to t() and whose values are that locale's sentences. Plurals use
// i18next's CLDR suffixes (_one, _few, _many, _other as the locale has them). English has files only for plural
// forms; its other sentences are their own keys.
import { DEFAULT_LOCALE, matchLocale, SUPPORTED_LOCALES, type SupportedLocale } from '@nezha/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyFormatLocale } from './formatting';
import { applyDayjsLocale, loadAntdLocale } from './locale-packs';
import { pageLocale } from './page-locale';

export const i18n = i18next.createInstance();

const englishFiles = import.meta.glob<Record<string, string>>('./locales/en/*.json', {
  eager: true,
  import: 'default',
});
// Each other locale is its own lazy chunk set: a page downloads only the language it shows.
const otherFiles = import.meta.glob<Record<string, string>>(['./locales/*/*.json', '!./locales/en/*.json'], {
  import: 'default',
});

function englishCatalogue(): Record<string, string> {
  return Object.assign({}, ...Object.values(englishFiles));
}

/** The catalogue files of one locale, by path (areas are merged into one namespace). */
export function catalogueLoaders(locale: SupportedLocale): Array<() => Promise<Record<string, string>>> {
  const prefix = `./locales/${locale}/`;
  return Object.entries(otherFiles)
    .filter(([path]) => path.startsWith(prefix))
    .map(([, load]) => load);
}

const loaded = new Set<SupportedLocale>([DEFAULT_LOCALE]);

async function loadCatalogue(locale: SupportedLocale): Promise<void> {
  if (loaded.has(locale)) return;
  const parts = await Promise.all(catalogueLoaders(locale).map((load) => load()));
  for (const part of parts) i18n.addResources(locale, 'translation', part);
  loaded.add(locale);
}

/** Marks a string kept in a data table (a control label, a menu entry) as a catalogue key; show it with t(). */
export function i18nKey<const K extends string>(key: K): K {
  return key;
}

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...SUPPORTED_LOCALES],
  // English needs resources only for plurals; every other sentence is its own key.
  resources: { en: { translation: englishCatalogue() } },
  // Keys are the English sentences themselves, which contain dots and colons.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  initAsync: false,
});

/** The server speaks of pt-BR or pt_BR; the spec's list uses the underscore. */
export function toSupportedLocale(locale: string | null | undefined): SupportedLocale {
  return matchLocale(locale) ?? DEFAULT_LOCALE;
}

/**
 * Switches the page to a locale without a reload: its catalogue, antd's and dayjs's packs, d3 number and date
 * formats; components re-render when i18next announces the change, by which time every pack is in.
 */
let latestApply = 0;

export async function applyLocale(locale: string | null | undefined): Promise<void> {
  const supported = toSupportedLocale(locale);
  const mine = ++latestApply;
  await Promise.all([loadCatalogue(supported), loadAntdLocale(supported), applyDayjsLocale(supported)]);
  // A later call (the user's pick while the page's own locale was still loading) wins, whatever finishes last.
  if (mine !== latestApply) return;
  applyFormatLocale(supported);
  if (i18n.language !== supported) await i18n.changeLanguage(supported);
  // Set last: browser tests wait for it as the sign that the page has switched.
  if (typeof document !== 'undefined') document.documentElement.lang = supported.replace('_', '-');
}

/** The locale the page shows now. */
export function activeLocale(): SupportedLocale {
  return toSupportedLocale(i18n.language);
}

/** For code outside React components (thunks, toasts). */
export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options ?? {});

/**
 * Applies the locale the page opens in: ?lang= of the address for this page load, else the server's choice for a
 * signed-in user, else the browser's languages (the login page).
 */
export function applyPageLocale(serverLocale: string | null | undefined, signedIn: boolean): Promise<void> {
  return applyLocale(
    pageLocale({
      search: window.location.search,
      serverLocale,
      signedIn,
      browserLanguages: typeof navigator === 'undefined' ? [] : navigator.languages,
    }),
  );
}
