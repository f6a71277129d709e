// The extractor on small sources and catalogues: which keys it sees, what it reports, what the guard fails on.
import { describe, expect, it } from 'vitest';
import { type Catalogue, type Catalogues, checkCatalogues, formatCatalogue, pluralCategories } from './catalogues';
import { areaOf, keysByArea, scanSource } from './extract';

function keys(text: string, file = 'x/File.tsx') {
  return scanSource(file, text).uses.map(({ key, plural }) => ({ key, plural }));
}

function problems(text: string, file = 'x/File.tsx') {
  return scanSource(file, text).problems.map((problem) => problem.message);
}

describe('extractor', () => {
  it('collects t, i18n.t, i18nKey and Trans keys', () => {
    const source = `
      const label = i18nKey('Row limit');
      export function A() {
        const { t } = useTranslation();
        return <div title={t('Hello {{name}}', { name })}>{i18n.t('Saved')}<Trans i18nKey="Read <1>more</1>">Read <a>more</a></Trans></div>;
      }`;
    expect(keys(source)).toEqual([
      { key: 'Row limit', plural: false },
      { key: 'Hello {{name}}', plural: false },
      { key: 'Saved', plural: false },
      { key: 'Read <1>more</1>', plural: false },
    ]);
    expect(problems(source)).toEqual([]);
  });

  it('marks a key called with count as plural, shorthand or not', () => {
    expect(keys(`t('{{count}} rows', { count }); t('{{count}} tabs', { count: n }); t('Rows', { n })`)).toEqual([
      { key: '{{count}} rows', plural: true },
      { key: '{{count}} tabs', plural: true },
      { key: 'Rows', plural: false },
    ]);
  });

  it('takes both branches of a conditional key and ignores a key held in a variable', () => {
    expect(keys(`t(open ? 'Close' : 'Open'); t(label); t(\`Plain\`)`).map((use) => use.key)).toEqual([
      'Close',
      'Open',
      'Plain',
    ]);
  });

  it('reports a key built by concatenation or a template with substitutions', () => {
    expect(problems(`t('Delete ' + name); t(\`Delete \${name}\`); i18nKey(label)`)).toEqual([
      't() is given a built string; pass the whole sentence with {{placeholders}}',
      't() is given a built string; pass the whole sentence with {{placeholders}}',
      'i18nKey() needs a string literal',
    ]);
  });

  it('reports literal JSX text and user-facing attributes, not brands, symbols or code samples', () => {
    const source = `
      <Modal title="Save chart" okText={'Save'} data-kind="chart kind">
        <Button>Run query</Button>
        <span>SQL Lab · Nezha</span> <b>{count} × 2</b> <i>—</i> <code>dataset.name</code>
        <Input placeholder="SUM(amount)" /> <Input placeholder="Search charts" /> <Input placeholder="VARCHAR" />
      </Modal>`;
    expect(problems(source)).toEqual([
      'literal text in title="Save chart" outside t()',
      'literal text in okText="Save" outside t()',
      'literal text "Run query" in JSX outside t()',
      'literal text in placeholder="Search charts" outside t()',
    ]);
  });

  it('skips the literal text of a file marked i18n-ignore-file but still collects its keys', () => {
    const source = `// Dev-only gallery. i18n-ignore-file\n<div title={t('Shown')}>Gallery</div>`;
    expect(problems(source)).toEqual([]);
    expect(keys(source).map((use) => use.key)).toEqual(['Shown']);
  });

  it('names the area by the first folder, app for root files', () => {
    expect(areaOf('sqllab/components/A.tsx')).toBe('sqllab');
    expect(areaOf('App.tsx')).toBe('app');
  });
});

describe('catalogue check', () => {
  const used = keysByArea([
    { area: 'lists', key: 'Delete {{name}}?', plural: false, file: 'lists/A.tsx', line: 1 },
    { area: 'lists', key: '{{count}} rows', plural: true, file: 'lists/A.tsx', line: 2 },
  ]);

  it('takes plural categories from CLDR', () => {
    expect(pluralCategories('ru').sort()).toEqual(['few', 'many', 'one', 'other']);
    expect(pluralCategories('ja')).toEqual(['other']);
    expect(pluralCategories('pt_BR').sort()).toEqual(['many', 'one', 'other']);
  });

  it('passes complete catalogues', () => {
    const catalogues: Catalogues = new Map<string, Map<string, Catalogue>>([
      ['en', new Map([['lists', { '{{count}} rows_one': '{{count}} row', '{{count}} rows_other': '{{count}} rows' }]])],
      [
        'ja',
        new Map([
          ['lists', { 'Delete {{name}}?': '{{name}} を削除しますか?', '{{count}} rows_other': '{{count}} 行' }],
        ]),
      ],
    ]);
    expect(checkCatalogues(used, catalogues, ['en', 'ja'])).toEqual([]);
  });

  it('names a missing key, a missing plural form, an unused key and a changed placeholder', () => {
    const catalogues: Catalogues = new Map<string, Map<string, Catalogue>>([
      ['en', new Map([['lists', { '{{count}} rows_other': '{{count}} rows', Old: 'Old' }]])],
      [
        'ru',
        new Map([
          [
            'lists',
            {
              'Delete {{name}}?': 'Удалить {{title}}?',
              '{{count}} rows_one': '{{count}} строка',
              '{{count}} rows_few': '{{count}} строки',
              '{{count}} rows_other': '{{count}} строки',
              '{{count}} rows_two': 'x',
            },
          ],
        ]),
      ],
    ]);
    expect(
      checkCatalogues(used, catalogues, ['en', 'ru']).map((problem) => `${problem.locale} ${problem.message}`),
    ).toEqual([
      'en plural form _one of "{{count}} rows" missing',
      'en "Old" is used by no code of lists',
      'ru plural form _many of "{{count}} rows" missing',
      'ru placeholders differ: key has {name}, translation has {title}',
      'ru "{{count}} rows_two": ru has no plural category two',
    ]);
  });

  it('asks English files for plural forms only', () => {
    const catalogues: Catalogues = new Map<string, Map<string, Catalogue>>([
      ['en', new Map([['lists', { 'Delete {{name}}?': 'Delete {{name}}?' }]])],
    ]);
    expect(checkCatalogues(used, catalogues, ['en']).map((problem) => problem.kind)).toEqual([
      'missing',
      'missing',
      'english-sentence',
    ]);
  });

  it('formats a catalogue with keys in code-point order', () => {
    expect(formatCatalogue({ b: '2', B: '1', a: '3' })).toBe('{\n  "B": "1",\n  "a": "3",\n  "b": "2"\n}\n');
  });
});
