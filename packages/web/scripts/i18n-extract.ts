// The catalogue extractor: `npm run i18n:extract -w @nezha/web [-- --write | --json]`.
// Prints the keys each area uses, text that escapes t(), and the translations each locale still lacks; with
// --write it also adds missing English plural forms to locales/en/<area>.json (the singular is left equal to the
// key for a person to write) and rewrites touched files in the catalogue format.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPPORTED_LOCALES } from '@nezha/core';
import { type Catalogue, checkCatalogues, formatCatalogue } from '../src/i18n/extract/catalogues';
import { cataloguesOf, LOCALES_DIR, readCatalogueFiles, scanProject } from '../src/i18n/extract/project';

const write = process.argv.includes('--write');
const scan = scanProject();
const files = readCatalogueFiles();

// --json: the keys each area uses, for tools (the browser test's scan for English left on screen).
if (process.argv.includes('--json')) {
  const areas = Object.fromEntries(
    [...scan.keys].map(([area, keys]) => [area, [...keys].map(([key, { plural }]) => ({ key, plural }))]),
  );
  console.log(JSON.stringify({ areas }));
  process.exit(0);
}

console.log('Keys by area:');
for (const [area, keys] of [...scan.keys].sort(([a], [b]) => a.localeCompare(b))) {
  const plurals = [...keys.values()].filter((entry) => entry.plural).length;
  console.log(`  ${area}: ${keys.size} keys (${plurals} plural)`);
}

if (scan.problems.length > 0) {
  console.log(`\nText outside the translation layer (${scan.problems.length}):`);
  for (const problem of scan.problems) console.log(`  ${problem.file}:${problem.line} ${problem.message}`);
}

if (write) {
  const english = files.get('en') ?? new Map();
  for (const [area, keys] of scan.keys) {
    const existing = english.get(area);
    const catalogue: Catalogue = { ...(existing?.catalogue ?? {}) };
    let added = 0;
    for (const [key, { plural }] of keys) {
      if (!plural) continue;
      for (const category of ['one', 'other']) {
        if (`${key}_${category}` in catalogue) continue;
        catalogue[`${key}_${category}`] = key;
        added++;
      }
    }
    const text = formatCatalogue(catalogue);
    if (added === 0 && (!existing || existing.text === text)) continue;
    mkdirSync(join(LOCALES_DIR, 'en'), { recursive: true });
    writeFileSync(join(LOCALES_DIR, 'en', `${area}.json`), text);
    console.log(`\nwrote en/${area}.json (${added} plural forms added; write their singular by hand)`);
  }
}

const problems = checkCatalogues(scan.keys, cataloguesOf(readCatalogueFiles()), SUPPORTED_LOCALES);
const byPlace = new Map<string, string[]>();
for (const problem of problems) {
  const place = `${problem.locale}/${problem.area}.json`;
  byPlace.set(place, [...(byPlace.get(place) ?? []), `[${problem.kind}] ${problem.message}`]);
}
if (byPlace.size > 0) {
  console.log('\nCatalogue gaps:');
  for (const [place, messages] of [...byPlace].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`  ${place}: ${messages.length}`);
    for (const message of messages) console.log(`    ${message}`);
  }
}
const unformatted = [...files.values()]
  .flatMap((areas) => [...areas.values()])
  .filter((file) => file.text !== formatCatalogue(file.catalogue));
for (const file of unformatted) console.log(`not in catalogue format (sorted keys, 2 spaces): ${file.path}`);

process.exitCode = scan.problems.length + problems.length + unformatted.length > 0 ? 1 : 0;
