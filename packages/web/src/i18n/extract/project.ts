// Reads the web app's sources and catalogue files from disk for the guard test and the extractor CLI.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Catalogue, Catalogues } from './catalogues';
import { type AreaKeys, areaOf, type KeyUse, keysByArea, type SourceProblem, scanSource } from './extract';

export const SOURCE_DIR = fileURLToPath(new URL('../..', import.meta.url));
export const LOCALES_DIR = fileURLToPath(new URL('../locales', import.meta.url));

function isScanned(name: string): boolean {
  return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (isScanned(entry.name)) yield path;
  }
}

export interface ProjectScan {
  keys: AreaKeys;
  uses: Array<KeyUse & { area: string }>;
  problems: Array<SourceProblem & { area: string }>;
}

/** Every key use and source problem under src, file paths relative to src. */
export function scanProject(sourceDir = SOURCE_DIR): ProjectScan {
  const uses: Array<KeyUse & { area: string }> = [];
  const problems: Array<SourceProblem & { area: string }> = [];
  for (const path of sourceFiles(sourceDir)) {
    const file = relative(sourceDir, path);
    const area = areaOf(file);
    const scan = scanSource(file, readFileSync(path, 'utf8'));
    for (const use of scan.uses) uses.push({ ...use, area });
    for (const problem of scan.problems) problems.push({ ...problem, area });
  }
  return { keys: keysByArea(uses), uses, problems };
}

export interface CatalogueFile {
  path: string;
  text: string;
  catalogue: Catalogue;
}

/** locale → area → file, for every locales/<locale>/<area>.json. */
export function readCatalogueFiles(localesDir = LOCALES_DIR): Map<string, Map<string, CatalogueFile>> {
  const files = new Map<string, Map<string, CatalogueFile>>();
  if (!existsSync(localesDir)) return files;
  for (const locale of readdirSync(localesDir)) {
    const areas = new Map<string, CatalogueFile>();
    for (const name of readdirSync(join(localesDir, locale))) {
      if (!name.endsWith('.json')) continue;
      const path = join(localesDir, locale, name);
      const text = readFileSync(path, 'utf8');
      areas.set(name.slice(0, -'.json'.length), { path, text, catalogue: JSON.parse(text) as Catalogue });
    }
    files.set(locale, areas);
  }
  return files;
}

export function cataloguesOf(files: Map<string, Map<string, CatalogueFile>>): Catalogues {
  return new Map(
    [...files].map(([locale, areas]) => [locale, new Map([...areas].map(([area, file]) => [area, file.catalogue]))]),
  );
}
