// Integration test of load-examples: the vega-datasets files and the shared example files into a real DuckDB file.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ExamplesLoadError,
  type ExampleTable,
  exampleDatasets,
  type LoadProgressEvent,
  loadExamples,
  loadRecordFile,
  moveExamplesLoadRecord,
  readLoadRecord,
} from '../../src/examples/index.js';
import { type ReadmeFile, readSharedDataReadme } from './shared-data-readme.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const sharedData = path.resolve(repoRoot, '../shared/data');
const hasSharedData = existsSync(path.join(sharedData, 'README.md'));
const suiteName = hasSharedData
  ? 'loadExamples with vega-datasets and the shared example files'
  : `loadExamples — SKIPPED: the shared example data folder ${sharedData} is missing`;

const sharedDatasets = exampleDatasets.filter((dataset) => dataset.origin === 'examples-dir');
const sharedNames = sharedDatasets.map((dataset) => dataset.name);

type Row = Record<string, unknown>;

type Run = (sql: string, params?: Record<string, DuckDBValue>) => Promise<Row[]>;

/** Opens the file read-only around `inspect`, which also proves that the loader closed it. */
async function readDatabase<T>(databasePath: string, inspect: (run: Run) => Promise<T>): Promise<T> {
  const instance = await DuckDBInstance.create(databasePath, { access_mode: 'READ_ONLY' });
  try {
    const connection = await instance.connect();
    try {
      return await inspect(async (sql, params) => (await connection.runAndReadAll(sql, params)).getRowObjectsJson());
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}

const query = (databasePath: string, sql: string, params?: Record<string, DuckDBValue>): Promise<Row[]> =>
  readDatabase(databasePath, (run) => run(sql, params));

async function one(databasePath: string, sql: string, params?: Record<string, DuckDBValue>): Promise<Row> {
  const [row] = await query(databasePath, sql, params);
  if (!row) throw new Error(`no row from ${sql}`);
  return row;
}

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;

function tableCounts(databasePath: string): Promise<Record<string, number>> {
  return readDatabase(databasePath, async (run) => {
    const counts: Record<string, number> = {};
    for (const { table_name } of await run(`SELECT table_name FROM duckdb_tables() WHERE schema_name = 'main'`)) {
      const [row] = await run(`SELECT count(*)::INTEGER AS n FROM ${quote(String(table_name))}`);
      counts[String(table_name)] = Number(row?.n);
    }
    return counts;
  });
}

/** A copy of the shared folder made of links, with one file replaced by the given text. */
async function folderWithReplacedFile(parent: string, file: string, text: string): Promise<string> {
  const folder = await mkdtemp(path.join(parent, 'damaged-'));
  for (const dataset of sharedDatasets) {
    const target = path.join(folder, dataset.file);
    if (dataset.file === file) await writeFile(target, text);
    else await symlink(path.join(sharedData, dataset.file), target);
  }
  return folder;
}

describe('loadExamples from vega-datasets alone', () => {
  it('flights_3m holds all 3,000,000 rows of the parquet file with typed columns; zip codes keep leading zeros', async () => {
    const workDir = await mkdtemp(path.join(tmpdir(), 'nezha-vega-'));
    try {
      const databasePath = path.join(workDir, 'examples.duckdb');
      const loaded = await loadExamples({ databasePath, only: ['zipcodes', 'flights_3m'] });
      expect(loaded.map(({ name, rows }) => ({ name, rows }))).toEqual([
        { name: 'flights_3m', rows: 3_000_000 },
        { name: 'zipcodes', rows: 42_049 },
      ]);
      console.info(`load-examples: flights_3m alone ${Math.round(loaded[0]?.ms ?? 0)} ms`);
      expect(await one(databasePath, 'SELECT count(*)::INTEGER AS n FROM flights_3m')).toEqual({ n: 3_000_000 });
      const types = await query(
        databasePath,
        `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'flights_3m'
          ORDER BY ordinal_position`,
      );
      expect(types.map((row) => `${row.column_name} ${row.data_type}`)).toEqual([
        'date TIMESTAMP',
        'delay INTEGER',
        'distance INTEGER',
        'origin VARCHAR',
        'destination VARCHAR',
      ]);
      expect(await one(databasePath, 'SELECT zip_code FROM zipcodes ORDER BY zip_code LIMIT 1')).toEqual({
        zip_code: '00501',
      });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  });
});

/** An examples file as an older load left it: its record in a table inside the database. */
async function olderDatabase(databasePath: string, schema: 'main' | 'nezha_meta'): Promise<void> {
  const older = await DuckDBInstance.create(databasePath);
  try {
    const connection = await older.connect();
    if (schema !== 'main') await connection.run(`CREATE SCHEMA ${schema}`);
    await connection.run(
      `CREATE TABLE ${schema}._nezha_examples (name VARCHAR PRIMARY KEY, "rows" BIGINT NOT NULL, source VARCHAR NOT NULL,
        description VARCHAR NOT NULL, loaded_at TIMESTAMP NOT NULL)`,
    );
    await connection.run(
      `INSERT INTO ${schema}._nezha_examples VALUES ('barley', 120, 'vega-datasets@old/barley.json', 'Barley', '2020-01-01')`,
    );
    await connection.run('CREATE TABLE barley (n INTEGER)');
    connection.closeSync();
  } finally {
    older.closeSync();
  }
}

const barleyEntry = {
  rows: 120,
  source: 'vega-datasets@old/barley.json',
  description: 'Barley',
  loaded_at: '2020-01-01T00:00:00.000Z',
};

describe('the load record', () => {
  it('is a file beside the database, not a table SQL Lab could read; a record an older load left in main moves there', async () => {
    const workDir = await mkdtemp(path.join(tmpdir(), 'nezha-meta-'));
    try {
      const databasePath = path.join(workDir, 'examples.duckdb');
      await olderDatabase(databasePath, 'main');
      await loadExamples({ databasePath, only: ['monarchs'] });
      expect(await query(databasePath, 'SELECT schema_name, table_name FROM duckdb_tables() ORDER BY ALL')).toEqual([
        { schema_name: 'main', table_name: 'barley' },
        { schema_name: 'main', table_name: 'monarchs' },
      ]);
      expect(loadRecordFile(databasePath)).toBe(`${databasePath}.loaded.json`);
      expect(readLoadRecord(databasePath)).toEqual({
        barley: barleyEntry,
        monarchs: {
          rows: 12,
          source: expect.stringMatching(/monarchs\.json$/),
          description: expect.any(String),
          loaded_at: expect.any(String),
        },
      });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  });

  it('an install whose record sits in the nezha_meta schema has it moved out, schema and all, before serving', async () => {
    const workDir = await mkdtemp(path.join(tmpdir(), 'nezha-meta-'));
    try {
      const databasePath = path.join(workDir, 'examples.duckdb');
      await olderDatabase(databasePath, 'nezha_meta');
      expect(await moveExamplesLoadRecord(databasePath)).toBe(true);
      expect(
        await query(databasePath, "SELECT schema_name FROM duckdb_schemas() WHERE schema_name = 'nezha_meta'"),
      ).toEqual([]);
      expect(await query(databasePath, 'SELECT schema_name, table_name FROM duckdb_tables()')).toEqual([
        { schema_name: 'main', table_name: 'barley' },
      ]);
      expect(readLoadRecord(databasePath)).toEqual({ barley: barleyEntry });
      // Nothing left to move: a second start leaves the file alone.
      expect(await moveExamplesLoadRecord(databasePath)).toBe(false);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!hasSharedData)(suiteName, () => {
  let workDir: string;
  let databasePath: string;
  let readme: ReadmeFile[];
  let firstLoad: ExampleTable[];
  let firstLoadMs: number;
  const events: LoadProgressEvent[] = [];

  beforeAll(async () => {
    readme = readSharedDataReadme(path.join(sharedData, 'README.md'));
    workDir = await mkdtemp(path.join(tmpdir(), 'nezha-examples-'));
    // A folder that does not exist yet: the loader creates it.
    databasePath = path.join(workDir, 'home', 'examples.duckdb');
    const started = performance.now();
    firstLoad = await loadExamples({
      databasePath,
      examplesDir: sharedData,
      onProgress: (event) => events.push(event),
    });
    firstLoadMs = performance.now() - started;
    const flights3m = firstLoad.find((table) => table.name === 'flights_3m');
    console.info(
      `load-examples: ${firstLoad.length} tables in ${Math.round(firstLoadMs)} ms; ` +
        `flights_3m alone ${Math.round(flights3m?.ms ?? 0)} ms`,
    );
  });

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('the README describes exactly the files the catalogue reads from the examples folder', () => {
    expect(readme.map((entry) => entry.file).sort()).toEqual(sharedDatasets.map((dataset) => dataset.file).sort());
  });

  it('loads every catalogued table, vega-datasets first, and reports each one through start and done events', () => {
    expect(firstLoad.map((table) => table.name)).toEqual(exampleDatasets.map((dataset) => dataset.name));
    const total = exampleDatasets.length;
    expect(events).toHaveLength(2 * total);
    expect(events[0]).toEqual({ table: 'flights_3m', index: 1, total, phase: 'start' });
    expect(events[1]).toMatchObject({ table: 'flights_3m', index: 1, total, phase: 'done', rows: 3_000_000 });
    expect(events.at(-1)).toMatchObject({ table: 'weather', index: total, total, phase: 'done', rows: 2_922 });
  });

  it('every shared file has exactly the README row count', async () => {
    const counts = await tableCounts(databasePath);
    for (const entry of readme) {
      const dataset = sharedDatasets.find((candidate) => candidate.file === entry.file);
      expect(dataset, entry.file).toBeDefined();
      expect({ file: entry.file, rows: counts[dataset?.name ?? ''] }).toEqual({ file: entry.file, rows: entry.rows });
    }
  });

  it('every shared column has the README type and null count (birth_names.ds as TIMESTAMP)', async () => {
    await readDatabase(databasePath, async (run) => {
      for (const entry of readme) {
        const table = sharedDatasets.find((candidate) => candidate.file === entry.file)?.name ?? '';
        const actual = await run(
          `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $table
            ORDER BY ordinal_position`,
          { table },
        );
        const expected = entry.columns.map((column) => ({
          column_name: column.name,
          data_type: table === 'birth_names' && column.name === 'ds' ? 'TIMESTAMP' : column.type,
        }));
        expect(expected.length, entry.file).toBeGreaterThan(0);
        expect({ table, columns: actual }).toEqual({ table, columns: expected });
        for (const column of entry.columns.filter((candidate) => candidate.nulls !== null)) {
          const [row] = await run(`SELECT count(*)::INTEGER AS n FROM ${table} WHERE ${quote(column.name)} IS NULL`);
          expect({ table, column: column.name, nulls: row?.n }).toEqual({
            table,
            column: column.name,
            nulls: column.nulls,
          });
        }
      }
    });
  });

  it('keeps the data quirks the README calls out', async () => {
    expect(await one(databasePath, 'SELECT min(ds)::VARCHAR AS lo, max(ds)::VARCHAR AS hi FROM birth_names')).toEqual({
      lo: '1965-01-01 00:00:00',
      hi: '2008-01-01 00:00:00',
    });
    expect(await one(databasePath, `SELECT min(date)::VARCHAR AS lo FROM weather`)).toEqual({ lo: '2012-01-01' });
    const uk = await one(
      databasePath,
      `SELECT count(*) FILTER (WHERE "Distance" IS NULL)::INTEGER AS null_distance,
        max("Distance") AS max_distance, typeof(max("Destination Latitude")) AS latitude_type
        FROM uk_gov_flights_2011`,
    );
    expect(uk).toEqual({ null_distance: 2, max_distance: 17_021, latitude_type: 'DOUBLE' });
    const departures = await one(
      databasePath,
      `SELECT count(*) FILTER (WHERE SCHEDULED_DEPARTURE = '0005')::INTEGER AS at_0005,
        count(*) FILTER (WHERE length(SCHEDULED_DEPARTURE) <> 4)::INTEGER AS not_hhmm FROM flights`,
    );
    expect(departures.at_0005).toBeGreaterThan(0);
    expect(departures.not_hhmm).toBe(0);
    const noCoordinates = await query(databasePath, 'SELECT IATA_CODE FROM airports WHERE LATITUDE IS NULL ORDER BY 1');
    expect(noCoordinates.map((row) => row.IATA_CODE)).toEqual(['ECP', 'PBG', 'UST']);
  });

  it('unicode_test round-trips non-Latin text: each short_phrase is the first 10 code points of its phrase', async () => {
    const phrase = 'Под южно дърво, цъфтящо в синьо, бягаше малко пухкаво зайче.';
    expect(readFileSync(path.join(sharedData, 'unicode_test.csv'), 'utf8')).toContain(phrase);
    expect(await one(databasePath, 'SELECT short_phrase FROM unicode_test WHERE phrase = $phrase', { phrase })).toEqual(
      {
        short_phrase: 'Под южно д',
      },
    );
    const prefixes = await one(
      databasePath,
      'SELECT count(*) FILTER (WHERE left(phrase, 10) = short_phrase)::INTEGER AS n FROM unicode_test',
    );
    expect(prefixes).toEqual({ n: 41 });
  });

  it('records one metadata row per table with its row count and source', async () => {
    const rows = Object.entries(readLoadRecord(databasePath)).map(([name, entry]) => ({
      name,
      n: entry.rows,
      source: entry.source,
    }));
    expect(rows).toHaveLength(exampleDatasets.length);
    for (const table of firstLoad) {
      expect(rows).toContainEqual({ name: table.name, n: table.rows, source: table.source });
    }
    expect(firstLoad.find((table) => table.name === 'weather')?.source).toBe(path.join(sharedData, 'weather.csv'));
  });

  it('a second load gives the same tables and counts, without duplicates', async () => {
    const before = await tableCounts(databasePath);
    const second = await loadExamples({ databasePath, examplesDir: sharedData });
    expect(second.map(({ name, rows }) => ({ name, rows }))).toEqual(
      firstLoad.map(({ name, rows }) => ({ name, rows })),
    );
    expect(await tableCounts(databasePath)).toEqual(before);
    const keys = await one(
      databasePath,
      'SELECT count(DISTINCT (ds, state, name, gender))::INTEGER AS n FROM birth_names',
    );
    expect(keys).toEqual({ n: 75_691 });
  });

  it.each([
    ['a value that is not a date', (text: string) => text.replace('Seattle,2012-01-05,', 'Seattle,not-a-date,')],
    ['a truncated file', (text: string) => text.split('\n').slice(0, 1000).join('\n')],
  ])('a damaged weather.csv (%s) fails with a clear error and leaves every loaded table intact', async (_, damage) => {
    const before = await tableCounts(databasePath);
    const loadedBefore = readLoadRecord(databasePath).weather;
    expect(loadedBefore?.loaded_at).toEqual(expect.any(String));
    const damaged = damage(readFileSync(path.join(sharedData, 'weather.csv'), 'utf8'));
    const folder = await folderWithReplacedFile(workDir, 'weather.csv', damaged);
    const failures: LoadProgressEvent[] = [];
    const load = loadExamples({
      databasePath,
      examplesDir: folder,
      only: sharedNames,
      onProgress: (event) => event.phase === 'failed' && failures.push(event),
    });
    await expect(load).rejects.toThrow(ExamplesLoadError);
    await expect(load).rejects.toThrow(`Could not load example table weather from ${path.join(folder, 'weather.csv')}`);
    expect(failures).toEqual([
      { table: 'weather', index: sharedNames.length, total: sharedNames.length, phase: 'failed' },
    ]);
    expect(await tableCounts(databasePath)).toEqual(before);
    expect(await one(databasePath, `SELECT typeof(min(date)) AS t FROM weather`)).toEqual({ t: 'DATE' });
    expect(readLoadRecord(databasePath).weather).toEqual(loadedBefore);
  });

  it('a missing file fails before anything is loaded and names the file', async () => {
    const folder = await folderWithReplacedFile(workDir, 'unicode_test.csv', '');
    await rm(path.join(folder, 'unicode_test.csv'));
    const stamps = readLoadRecord(databasePath);
    await expect(loadExamples({ databasePath, examplesDir: folder })).rejects.toThrow(
      /Example file unicode_test\.csv \(table unicode_test\) is missing from NEZHA_EXAMPLES_DIR/,
    );
    expect(readLoadRecord(databasePath)).toEqual(stamps);
  });

  it('reads from and writes to paths holding quotes, and leaves the file free for a read-write open', async () => {
    const folder = path.join(workDir, `it's a "quoted" folder`);
    await mkdir(folder);
    for (const file of ['unicode_test.csv', 'weather.csv']) {
      await symlink(path.join(sharedData, file), path.join(folder, file));
    }
    const quotedDatabase = path.join(folder, `ex'amples.duckdb`);
    const loaded = await loadExamples({
      databasePath: quotedDatabase,
      examplesDir: folder,
      only: ['weather', 'unicode_test'],
    });
    expect(loaded.map(({ name, rows }) => ({ name, rows }))).toEqual([
      { name: 'unicode_test', rows: 41 },
      { name: 'weather', rows: 2_922 },
    ]);
    const instance = await DuckDBInstance.create(quotedDatabase);
    try {
      const connection = await instance.connect();
      await connection.run('CREATE TABLE server_was_here AS SELECT 1 AS x');
      connection.closeSync();
    } finally {
      instance.closeSync();
    }
  });

  it('refuses unknown table names and shared tables without an examples folder', async () => {
    await expect(loadExamples({ databasePath, only: ['flights_3m', 'no_such_table'] })).rejects.toThrow(
      'Unknown example tables: no_such_table',
    );
    await expect(loadExamples({ databasePath, only: ['weather'] })).rejects.toThrow(
      /NEZHA_EXAMPLES_DIR, which is not set/,
    );
  });
});
