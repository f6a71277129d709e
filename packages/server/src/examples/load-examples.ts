// Builds the embedded DuckDB examples database: one table per catalogued file, each replaced atomically.
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { exampleDatasets, findVegaPackage } from './catalogue.js';
import type { ExampleDataset } from './dataset.js';
import { PATH_PARAMETER, quoteIdentifier, selectSql } from './read-sql.js';

export interface ExampleTable {
  name: string;
  rows: number;
  /** Where the data came from: `vega-datasets@<version>/<file>` or the file's path in the examples folder. */
  source: string;
  description: string;
  /** Time this table took to load, in milliseconds. */
  ms: number;
}

export interface LoadProgressEvent {
  table: string;
  /** 1-based position of the table in this load. */
  index: number;
  total: number;
  /** `failed` is sent once, just before loadExamples rejects, so a progress display can end its line. */
  phase: 'start' | 'done' | 'failed';
  rows?: number;
  ms?: number;
}

export interface LoadExamplesOptions {
  /** The DuckDB file, e.g. <NEZHA_HOME>/examples.duckdb; it and its folder are created when missing. */
  databasePath: string;
  /** NEZHA_EXAMPLES_DIR; when set, the files its README describes are loaded as well. */
  examplesDir?: string | null;
  onProgress?: (event: LoadProgressEvent) => void;
  /** Load only these tables (by name); an unknown name is an error. */
  only?: string[];
}

/** A failed load; names the table and file when one was at fault. */
export class ExamplesLoadError extends Error {
  override name = 'ExamplesLoadError';
  constructor(
    message: string,
    readonly table: string | null = null,
    readonly file: string | null = null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** What one load of a table recorded: its row count, where it came from, when. */
export interface LoadRecordEntry {
  rows: number;
  source: string;
  description: string;
  /** ISO-8601. */
  loaded_at: string;
}

/** Table name → its last successful load. */
export type LoadRecord = Record<string, LoadRecordEntry>;

/**
 * The load record is a JSON file beside the DuckDB file, not a table in it: everyone with SQL Lab access to the
 * examples database can read any table there (and the record names server paths). Next to the database it is in
 * NEZHA_HOME, which no connection may open and which DuckDB, without external access, cannot read.
 */
export function loadRecordFile(databasePath: string): string {
  return `${path.resolve(databasePath)}.loaded.json`;
}

export function readLoadRecord(databasePath: string): LoadRecord {
  const file = loadRecordFile(databasePath);
  if (!existsSync(file)) return {};
  const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as LoadRecord) : {};
}

/** Written whole and renamed into place, so a crash leaves the previous record, never half of one. */
function writeLoadRecord(databasePath: string, record: LoadRecord): void {
  const file = loadRecordFile(databasePath);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(record, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

/** Where loads before this one kept the record, inside the examples database itself. */
const LEGACY_RECORD_TABLES = [
  { schema: 'nezha_meta', table: '_nezha_examples' },
  { schema: 'main', table: '_nezha_examples' },
] as const;

interface PlannedTable {
  dataset: ExampleDataset;
  file: string;
  source: string;
}

function chooseDatasets(examplesDir: string | null, only: string[] | undefined): ExampleDataset[] {
  if (!only) return exampleDatasets.filter((dataset) => dataset.origin === 'vega-datasets' || examplesDir);
  const known = new Set(exampleDatasets.map((dataset) => dataset.name));
  const unknown = only.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new ExamplesLoadError(`Unknown example tables: ${unknown.join(', ')}`);
  const wanted = new Set(only);
  const chosen = exampleDatasets.filter((dataset) => wanted.has(dataset.name));
  const needsDir = chosen.filter((dataset) => dataset.origin === 'examples-dir');
  if (needsDir.length > 0 && !examplesDir) {
    const names = needsDir.map((dataset) => dataset.name).join(', ');
    throw new ExamplesLoadError(`Example tables ${names} are read from NEZHA_EXAMPLES_DIR, which is not set`);
  }
  return chosen;
}

/** Resolves every file before anything is loaded, so a missing file fails the run before it changes the database. */
function planLoad(options: LoadExamplesOptions): PlannedTable[] {
  const examplesDir = options.examplesDir ? path.resolve(options.examplesDir) : null;
  if (examplesDir && !(existsSync(examplesDir) && statSync(examplesDir).isDirectory())) {
    throw new ExamplesLoadError(`NEZHA_EXAMPLES_DIR ${examplesDir} is not a folder`);
  }
  const datasets = chooseDatasets(examplesDir, options.only);
  return datasets.map((dataset) => {
    if (dataset.origin === 'vega-datasets') {
      const vega = findVegaPackage();
      const file = path.join(vega.dataDir, dataset.file);
      if (!existsSync(file)) {
        throw new ExamplesLoadError(`vega-datasets file ${file} is missing`, dataset.name, file);
      }
      return { dataset, file, source: `vega-datasets@${vega.version}/${dataset.file}` };
    }
    const file = path.join(examplesDir ?? '', dataset.file);
    if (!existsSync(file)) {
      throw new ExamplesLoadError(
        `Example file ${dataset.file} (table ${dataset.name}) is missing from NEZHA_EXAMPLES_DIR ${examplesDir}`,
        dataset.name,
        file,
      );
    }
    return { dataset, file, source: file };
  });
}

/**
 * Moves a record that an older load kept in the database (nezha_meta._nezha_examples, or main before that) to the
 * JSON file, and drops the table and its schema, so SQL Lab users of the examples database no longer reach it.
 * The file's entries are newer and win.
 */
async function moveLegacyRecord(connection: DuckDBConnection, databasePath: string): Promise<boolean> {
  let record: LoadRecord = {};
  let moved = false;
  for (const { schema, table } of LEGACY_RECORD_TABLES) {
    const found = await connection.runAndReadAll(
      `SELECT count(*) FROM duckdb_tables()
        WHERE database_name = current_database() AND schema_name = $schema AND table_name = $table`,
      { schema, table },
    );
    if (Number(found.getRows()[0]?.[0] ?? 0) === 0) continue;
    const qualified = `${quoteIdentifier(schema)}.${quoteIdentifier(table)}`;
    const rows = await connection.runAndReadAll(
      `SELECT name, "rows"::BIGINT AS n, source, description, strftime(loaded_at, '%Y-%m-%dT%H:%M:%S.%gZ') AS at
        FROM ${qualified}`,
    );
    for (const [name, n, source, description, at] of rows.getRows()) {
      record[String(name)] = {
        rows: Number(n),
        source: String(source),
        description: String(description),
        loaded_at: String(at),
      };
    }
    await connection.run(`DROP TABLE ${qualified}`);
    if (schema !== 'main') await connection.run(`DROP SCHEMA IF EXISTS ${quoteIdentifier(schema)}`);
    moved = true;
  }
  if (!moved) return false;
  record = { ...record, ...readLoadRecord(databasePath) };
  writeLoadRecord(databasePath, record);
  await connection.run('CHECKPOINT');
  return true;
}

/**
 * For an install whose examples database still holds the old record table: move it out before serving. A file held
 * by another running server cannot be opened; it keeps the table until its next start, which this reports.
 */
export async function moveExamplesLoadRecord(databasePath: string): Promise<boolean> {
  if (!existsSync(databasePath)) return false;
  const instance = await DuckDBInstance.create(databasePath);
  try {
    const connection = await instance.connect();
    try {
      return await moveLegacyRecord(connection, databasePath);
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}

async function countRows(connection: DuckDBConnection, table: string): Promise<number> {
  const reader = await connection.runAndReadAll(`SELECT count(*) FROM ${quoteIdentifier(table)}`);
  return Number(reader.getRows()[0]?.[0] ?? 0);
}

/**
 * Replaces one table in a single transaction: a file that fails to read, or reads the wrong
 * number of rows, rolls back and leaves the previous table as it was.
 */
async function loadTable(connection: DuckDBConnection, planned: PlannedTable): Promise<number> {
  const { dataset, file } = planned;
  await connection.run('BEGIN TRANSACTION');
  try {
    await connection.run(`CREATE OR REPLACE TABLE ${quoteIdentifier(dataset.name)} AS ${selectSql(dataset)}`, {
      [PATH_PARAMETER]: file,
    });
    const rows = await countRows(connection, dataset.name);
    if (rows !== dataset.rows) {
      throw new Error(
        `read ${rows} rows where ${dataset.rows} were expected; the file is damaged or not the one listed`,
      );
    }
    await connection.run('COMMIT');
    await connection.run('CHECKPOINT');
    return rows;
  } catch (error) {
    // A failed rollback must not hide the error that caused it.
    await connection.run('ROLLBACK').catch(() => undefined);
    // DuckDB follows the facts of a CSV error with generic hints and its reader settings; those stay in `cause`.
    const reason = (error instanceof Error ? error.message : String(error)).split(/\n\s*\n/)[0]?.trim();
    throw new ExamplesLoadError(
      `Could not load example table ${dataset.name} from ${file}: ${reason}`,
      dataset.name,
      file,
      {
        cause: error,
      },
    );
  }
}

/**
 * Loads the example tables into the DuckDB file at `databasePath` and returns what was loaded. The database is
 * checkpointed and closed before this returns or rejects, so the server can open the file right after.
 */
export async function loadExamples(options: LoadExamplesOptions): Promise<ExampleTable[]> {
  const plan = planLoad(options);
  await mkdir(path.dirname(path.resolve(options.databasePath)), { recursive: true });
  // Not the instance cache: a cached instance would keep the file open and locked after the load.
  const instance = await DuckDBInstance.create(options.databasePath);
  try {
    const connection = await instance.connect();
    try {
      await moveLegacyRecord(connection, options.databasePath);
      const record = readLoadRecord(options.databasePath);
      const loaded: ExampleTable[] = [];
      for (const [position, planned] of plan.entries()) {
        const event = { table: planned.dataset.name, index: position + 1, total: plan.length };
        options.onProgress?.({ ...event, phase: 'start' });
        const started = performance.now();
        let rows: number;
        try {
          rows = await loadTable(connection, planned);
        } catch (error) {
          options.onProgress?.({ ...event, phase: 'failed' });
          throw error;
        }
        const ms = performance.now() - started;
        const { name, description } = planned.dataset;
        // After the table's commit: a failed load leaves the previous entry, as it leaves the previous table.
        record[name] = { rows, source: planned.source, description, loaded_at: new Date().toISOString() };
        writeLoadRecord(options.databasePath, record);
        loaded.push({ name, rows, source: planned.source, description, ms });
        options.onProgress?.({ ...event, phase: 'done', rows, ms });
      }
      await connection.run('CHECKPOINT');
      return loaded;
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}
