// docs/architecture.md names every folder of every package once, in its package's folder table, with what it owns:
// each top-level folder of packages/{core,server,web}/src (and each engine folder under server engines/) has exactly
// one row, and no row names a folder that is gone. A failure names the folder and the row to add.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const DOC = 'docs/architecture.md';

interface PackageTable {
  /** The source folder, relative to the repository. */
  src: string;
  /** The heading the folder table sits under. */
  heading: string;
  /** Folders whose own sub-folders the table also names, in the parent's row (engines/ names each engine). */
  nested: readonly string[];
}

const TABLES: readonly PackageTable[] = [
  { src: 'packages/core/src', heading: '## Core (`packages/core/src`)', nested: [] },
  { src: 'packages/server/src', heading: '## Server (`packages/server/src`)', nested: ['engines'] },
  { src: 'packages/web/src', heading: '## Web (`packages/web/src`)', nested: [] },
];

function folders(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The rows of the first table under the heading (header and separator left out). */
function tableRows(doc: string, heading: string): string[] {
  const lines = doc.split('\n');
  const start = lines.indexOf(heading);
  if (start === -1) return [];
  const rows: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('#')) break;
    if (line.startsWith('|')) rows.push(line);
    else if (rows.length > 0) break;
  }
  return rows.slice(2);
}

/** A row's first cell: up to the first `|` outside backticks (the cli row's `init | db upgrade` is one cell). */
function firstCell(row: string): string {
  let code = false;
  for (let i = 1; i < row.length; i += 1) {
    if (row[i] === '`') code = !code;
    if (row[i] === '|' && !code) return row.slice(1, i).trim();
  }
  return row.slice(1).trim();
}

/** The folders a first cell names: `a/`, `b/`, and `api/<resource>/routes.ts` for api/. */
function namedFolders(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)]
    .map((match) => /^([\w.-]+)\//.exec(match[1] as string)?.[1])
    .filter((name): name is string => name !== undefined);
}

function problems(doc: string, table: PackageTable): string[] {
  const rows = tableRows(doc, table.heading);
  if (rows.length === 0) return [`${DOC} has no folder table under "${table.heading}"`];
  const actual = folders(table.src);
  const rowsNaming = new Map<string, number[]>();
  rows.forEach((row, index) => {
    for (const name of namedFolders(firstCell(row))) rowsNaming.set(name, [...(rowsNaming.get(name) ?? []), index]);
  });
  const found: string[] = [];
  for (const name of actual) {
    const at = rowsNaming.get(name) ?? [];
    if (at.length === 0) {
      found.push(
        `${table.src}/${name}/ has no row in ${DOC}'s table under "${table.heading}": add the row ` +
          `"| \`${name}/\` | <what ${name}/ owns> |"`,
      );
    } else if (at.length > 1) {
      const cells = at.map((index) => `"${firstCell(rows[index] as string)}"`).join(' and ');
      found.push(`${table.src}/${name}/ is named in ${at.length} rows (${cells}) under "${table.heading}": keep one`);
    }
  }
  for (const name of rowsNaming.keys()) {
    if (!actual.includes(name)) {
      found.push(
        `${DOC} names \`${name}/\` under "${table.heading}", which ${table.src} does not have: remove its row`,
      );
    }
  }
  for (const parent of table.nested) {
    const row = rows.find((candidate) => namedFolders(firstCell(candidate)).includes(parent)) ?? '';
    for (const name of folders(`${table.src}/${parent}`)) {
      if (!row.includes(`\`${name}/\``)) {
        found.push(`${table.src}/${parent}/${name}/ is not named in the \`${parent}/\` row: add \`${name}/\` to it`);
      }
    }
  }
  return found;
}

describe(`${DOC} folder tables`, () => {
  const doc = readFileSync(join(ROOT, DOC), 'utf8');

  it.each(TABLES.map((table) => [table.src, table] as const))('%s: every folder named once', (_src, table) => {
    expect(problems(doc, table)).toEqual([]);
  });

  it('sees a missing, a doubled and a stale folder', () => {
    const table: PackageTable = {
      src: 'packages/server/src',
      heading: '## Server (`packages/server/src`)',
      nested: [],
    };
    const present = folders(table.src).filter((name) => name !== 'sql' && name !== 'store');
    const rows = present.map((name) => `| \`${name}/\` | owns ${name} |`);
    const made = [
      table.heading,
      '',
      '| folder | concern |',
      '| --- | --- |',
      ...rows,
      '| `store/`, `api/` | the store, again the api |',
      '| `gone/` | nothing |',
    ].join('\n');
    const found = problems(made, table);
    expect(found).toHaveLength(3);
    expect(found[0]).toContain('packages/server/src/api/ is named in 2 rows');
    expect(found[1]).toContain('packages/server/src/sql/ has no row');
    expect(found[1]).toContain('"| `sql/` | <what sql/ owns> |"');
    expect(found[2]).toContain('names `gone/`');
  });
});
