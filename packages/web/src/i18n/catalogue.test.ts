// The translation guard: every key the code uses is in every locale's catalogue of its area (with that locale's
// plural forms), no catalogue keeps a key its area no longer uses, placeholders match, and no user-facing text in
// JSX escapes t(). Run `npm run i18n:extract -w @nezha/web` for the full list of gaps by locale and area.
import { SUPPORTED_LOCALES } from '@nezha/core';
import { describe, expect, it } from 'vitest';
import { checkCatalogues, formatCatalogue } from './extract/catalogues';
import { cataloguesOf, readCatalogueFiles, scanProject } from './extract/project';

/**
 * Areas whose strings and catalogues are still being written on a branch of their own: reported as skipped, by name,
 * instead of failing here. Empty once every branch has merged.
 */
const AREAS_IN_FLIGHT: ReadonlyMap<string, string> = new Map();

const scan = scanProject();
const files = readCatalogueFiles();
const catalogueProblems = checkCatalogues(scan.keys, cataloguesOf(files), SUPPORTED_LOCALES);
const areas = [...new Set([...scan.keys.keys(), ...scan.problems.map((p) => p.area), ...AREAS_IN_FLIGHT.keys()])]
  .concat([...files.values()].flatMap((byArea) => [...byArea.keys()]))
  .filter((area, index, all) => all.indexOf(area) === index)
  .sort();

describe('translation guard', () => {
  it('sees the keys of the translation layer itself', () => {
    expect(scan.keys.get('i18n')?.has('Language')).toBe(true);
  });

  for (const area of areas) {
    const branch = AREAS_IN_FLIGHT.get(area);
    const title = branch ? `${area} (skipped: its catalogues are written on branch ${branch})` : area;
    describe(title, () => {
      it.skipIf(branch !== undefined)('has no user-facing text outside t() and no built key', () => {
        const found = scan.problems.filter((problem) => problem.area === area);
        expect(found.map((problem) => `${problem.file}:${problem.line} ${problem.message}`)).toEqual([]);
      });

      it.skipIf(branch !== undefined)('has every key in every locale, and no key its code does not use', () => {
        const found = catalogueProblems.filter((problem) => problem.area === area);
        expect(found.map((problem) => `${problem.locale}/${area}.json: ${problem.message}`)).toEqual([]);
      });

      it.skipIf(branch !== undefined)('keeps its catalogue files sorted, 2-space indented, newline-ended', () => {
        const unformatted = [...files]
          .map(([locale, byArea]) => [locale, byArea.get(area)] as const)
          .filter(([, file]) => file && file.text !== formatCatalogue(file.catalogue))
          .map(([locale]) => `${locale}/${area}.json`);
        expect(unformatted).toEqual([]);
      });
    });
  }
});
