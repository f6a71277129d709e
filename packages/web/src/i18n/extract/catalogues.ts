// Compares the keys the code uses with the catalogue files of every locale (I18N.md conventions).
import type { AreaKeys } from './extract';

export type Catalogue = Record<string, string>;
/** locale → area → catalogue (absent when the file does not exist). */
export type Catalogues = Map<string, Map<string, Catalogue>>;

export interface CatalogueProblem {
  locale: string;
  area: string;
  key: string;
  kind: 'missing' | 'unused' | 'placeholders' | 'english-sentence';
  message: string;
}

/** The i18next plural suffixes a locale's catalogue needs, from the runtime's CLDR rules. */
export function pluralCategories(locale: string): string[] {
  return new Intl.PluralRules(locale.replace('_', '-')).resolvedOptions().pluralCategories.map(String);
}

export function placeholders(text: string): Set<string> {
  return new Set([...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((match) => match[1]!));
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((item) => b.has(item));
}

/** The base key and category of a catalogue key, when it ends in a plural suffix. */
function splitPlural(key: string): { base: string; category: string } | null {
  const match = /^(.*)_(zero|one|two|few|many|other)$/s.exec(key);
  return match ? { base: match[1]!, category: match[2]! } : null;
}

function placeholderProblem(key: string, value: string, plural: boolean): string | null {
  const expected = placeholders(key);
  const actual = placeholders(value);
  if (plural) {
    // A singular form may write the number out ("une ligne"), so {{count}} may be left out; nothing may be added.
    const withoutCount = new Set([...expected].filter((name) => name !== 'count'));
    const extra = [...actual].filter((name) => !expected.has(name));
    const lost = [...withoutCount].filter((name) => !actual.has(name));
    if (extra.length === 0 && lost.length === 0) return null;
  } else if (sameSet(expected, actual)) {
    return null;
  }
  return `placeholders differ: key has {${[...expected].join(', ')}}, translation has {${[...actual].join(', ')}}`;
}

/**
 * Every problem between the code's keys and the catalogues. `locales` lists every locale that must have files
 * (the source locale `en` included: it holds plural forms only).
 */
export function checkCatalogues(
  used: AreaKeys,
  catalogues: Catalogues,
  locales: readonly string[],
  sourceLocale = 'en',
): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  for (const locale of locales) {
    const isSource = locale === sourceLocale;
    const categories = isSource ? ['one', 'other'] : pluralCategories(locale);
    const files = catalogues.get(locale) ?? new Map<string, Catalogue>();
    const areas = new Set([...used.keys(), ...files.keys()]);
    for (const area of areas) {
      const keys = used.get(area) ?? new Map();
      const catalogue = files.get(area) ?? {};
      for (const [key, { plural }] of keys) {
        if (plural) {
          for (const category of categories) {
            if (!(`${key}_${category}` in catalogue)) {
              problems.push({
                locale,
                area,
                key: `${key}_${category}`,
                kind: 'missing',
                message: `plural form _${category} of "${key}" missing`,
              });
            }
          }
        } else if (!isSource && !(key in catalogue)) {
          problems.push({ locale, area, key, kind: 'missing', message: `"${key}" missing` });
        }
      }
      for (const [entry, value] of Object.entries(catalogue)) {
        const split = splitPlural(entry);
        const pluralBase = split && keys.get(split.base)?.plural ? split : null;
        if (pluralBase) {
          if (!categories.includes(pluralBase.category)) {
            problems.push({
              locale,
              area,
              key: entry,
              kind: 'unused',
              message: `"${entry}": ${locale} has no plural category ${pluralBase.category}`,
            });
            continue;
          }
        } else if (!keys.has(entry)) {
          problems.push({
            locale,
            area,
            key: entry,
            kind: 'unused',
            message: `"${entry}" is used by no code of ${area}`,
          });
          continue;
        } else if (isSource) {
          problems.push({
            locale,
            area,
            key: entry,
            kind: 'english-sentence',
            message: `"${entry}": English files hold plural forms only; the key is its own sentence`,
          });
          continue;
        }
        const base = pluralBase ? pluralBase.base : entry;
        const mismatch = placeholderProblem(base, value, pluralBase !== null);
        if (mismatch) problems.push({ locale, area, key: entry, kind: 'placeholders', message: mismatch });
      }
    }
  }
  return problems;
}

/** The catalogue as the convention writes it: keys sorted by code point, 2-space indentation, final newline. */
export function formatCatalogue(catalogue: Catalogue): string {
  const sorted = Object.keys(catalogue)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .reduce<Catalogue>((out, key) => {
      out[key] = catalogue[key]!;
      return out;
    }, {});
  return `${JSON.stringify(sorted, null, 2)}\n`;
}
