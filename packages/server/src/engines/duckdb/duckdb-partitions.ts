// Hive-partitioned Parquet behind a DuckDB view: the partition columns of `read_parquet('…/**/*.parquet',
// hive_partitioning = true)` and the newest partition's values, for Superset's `partitions` metadata and the
// LATEST_PARTITION filter. Only where the database may read files (enable_external_access): otherwise the view
// cannot be read either, and globbing the folders would be file access the connection was set up to refuse.

import { scanTokens, significantTokens, type Token } from '../../sql/scan-tokens.js';
import type { Dialect, LatestPartition, TablePartitions } from '../types.js';
import type { RunQuery } from './duckdb-catalog.js';
import { duckdbFacts } from './duckdb-sql.js';

/** The table functions that read Parquet files; `parquet_scan` is read_parquet's older name. */
const PARQUET_READERS = ['READ_PARQUET', 'PARQUET_SCAN'];

export interface ParquetSource {
  /** The path or glob pattern given to read_parquet, as written. */
  path: string;
  /** The hive_partitioning argument: true, false, or null when left to DuckDB's detection. */
  hivePartitioning: boolean | null;
}

/** The value of a plain '…' literal; null for anything else (an E'…' or $$…$$ string, an expression). */
function stringLiteral(tokens: readonly Token[]): string | null {
  const [token] = tokens;
  if (tokens.length !== 1 || token?.type !== 'string' || !token.text.startsWith("'") || token.unterminated) return null;
  return token.text.slice(1, -1).replaceAll("''", "'");
}

function booleanLiteral(tokens: readonly Token[]): boolean | null {
  const [token] = tokens;
  if (tokens.length !== 1 || !token) return null;
  const text = token.text.toUpperCase();
  if ((token.type === 'word' && text === 'TRUE') || (token.type === 'number' && text === '1')) return true;
  if ((token.type === 'word' && text === 'FALSE') || (token.type === 'number' && text === '0')) return false;
  return null;
}

/** The arguments of the call whose open parenthesis is tokens[open], split at its own commas. */
function callArguments(tokens: readonly Token[], open: number): Token[][] | null {
  const depth = (tokens[open] as Token).depth;
  const args: Token[][] = [[]];
  for (let index = open + 1; index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    if (token.type === 'close_paren' && token.depth === depth) return args;
    if (token.type === 'comma' && token.depth === depth + 1) args.push([]);
    else (args[args.length - 1] as Token[]).push(token);
  }
  return null;
}

/**
 * The one read_parquet call of a view's definition, read with the engine's tokenizer (strings, quoted names and
 * comments cannot fake a call); null when there is none, more than one, or its path is not a single literal.
 */
export function parquetSourceOf(viewSql: string): ParquetSource | null {
  const tokens = significantTokens(scanTokens(viewSql, duckdbFacts));
  const calls = tokens.flatMap((token, index) =>
    token.type === 'word' &&
    PARQUET_READERS.includes(token.text.toUpperCase()) &&
    tokens[index + 1]?.type === 'open_paren'
      ? [index + 1]
      : [],
  );
  if (calls.length !== 1) return null;
  const args = callArguments(tokens, calls[0] as number);
  if (!args || args.length === 0) return null;
  const path = stringLiteral(args[0] as Token[]);
  if (path === null) return null;
  let hivePartitioning: boolean | null = null;
  for (const arg of args.slice(1)) {
    const [name, ...rest] = arg;
    if (name?.type !== 'word' || name.text.toUpperCase() !== 'HIVE_PARTITIONING') continue;
    // `name = value` or `name := value`: the tokenizer gives each operator character a token of its own.
    let at = 0;
    let operator = '';
    while (rest[at]?.type === 'operator') operator += (rest[at++] as Token).text;
    if (operator !== '=' && operator !== ':=') return null;
    hivePartitioning = booleanLiteral(rest.slice(at));
    if (hivePartitioning === null) return null;
  }
  return { path, hivePartitioning };
}

/**
 * The `key=value` folder names of one file's path, in order; the file name itself is not a folder. Hive keys
 * are the folder names' text before the first `=`.
 */
export function hiveKeysOf(file: string): string[] {
  const folders = file.split(/[\\/]/).slice(0, -1);
  return folders.flatMap((folder) => {
    const at = folder.indexOf('=');
    return at > 0 ? [folder.slice(0, at)] : [];
  });
}

interface HiveLayout {
  source: ParquetSource;
  /** Partition key columns, outermost folder first, each a column of the view. */
  keys: string[];
}

async function externalAccess(query: RunQuery): Promise<boolean> {
  const [row] = await query("SELECT current_setting('enable_external_access')");
  return row?.[0] === true || String(row?.[0]).toLowerCase() === 'true';
}

/** The Hive layout behind a view, or null: not a view over one partitioned Parquet glob, or no file access. */
async function hiveLayout(query: RunQuery, table: string, schema: string): Promise<HiveLayout | null> {
  if (!(await externalAccess(query))) return null;
  const [view] = await query(
    'SELECT sql FROM duckdb_views() WHERE database_name = current_database() AND schema_name = ? AND view_name = ?',
    [schema, table],
  );
  if (!view || typeof view[0] !== 'string') return null;
  const source = parquetSourceOf(view[0]);
  if (!source || source.hivePartitioning === false) return null;
  // DuckDB's own glob(), resolved as read_parquet resolves the pattern when the view is read.
  const files = await query('SELECT file FROM glob(?) ORDER BY file', [source.path]);
  const layouts = new Set(files.map((row) => JSON.stringify(hiveKeysOf(String(row[0])))));
  // Files disagreeing on their folders are no Hive layout (DuckDB refuses to read them as one either).
  if (layouts.size !== 1) return null;
  const found = JSON.parse([...layouts][0] as string) as string[];
  const columns = await query(
    'SELECT column_name FROM duckdb_columns() WHERE database_name = current_database() AND schema_name = ? AND table_name = ?',
    [schema, table],
  );
  const names = new Set(columns.map((row) => String(row[0])));
  const keys = found.filter((key) => names.has(key));
  return keys.length > 0 ? { source, keys } : null;
}

/** The newest partition's key values: the greatest key tuple among the view's rows, typed as DuckDB reads them. */
async function newestKeys(
  query: RunQuery,
  dialect: Dialect,
  table: string,
  schema: string,
  keys: readonly string[],
): Promise<Record<string, unknown> | null> {
  const cols = keys.map((key) => dialect.quoteIdentifier(key));
  const [row] = await query(
    `SELECT ${cols.join(', ')} FROM ${dialect.quoteQualified([schema, table])}
     WHERE ${cols.map((col) => `${col} IS NOT NULL`).join(' AND ')}
     GROUP BY ${cols.join(', ')} ORDER BY ${cols.map((col) => `${col} DESC`).join(', ')} LIMIT 1`,
  );
  return row ? Object.fromEntries(keys.map((key, index) => [key, row[index]])) : null;
}

/** Superset's `partitions` for a view over Hive-partitioned Parquet: key columns, newest values, the listing. */
export async function tablePartitions(
  query: RunQuery,
  dialect: Dialect,
  table: string,
  schema: string,
): Promise<TablePartitions | null> {
  const layout = await hiveLayout(query, table, schema);
  if (!layout) return null;
  return {
    cols: layout.keys,
    latest: (await newestKeys(query, dialect, table, schema, layout.keys)) ?? {},
    partitionQuery: `SELECT file FROM glob(${dialect.quoteString(layout.source.path)}) ORDER BY file`,
  };
}

/**
 * The newest Hive partition, read now: each key column names one folder level, so LATEST_PARTITION on any of
 * them keeps that column's value in the newest partition.
 */
export async function latestPartition(
  query: RunQuery,
  dialect: Dialect,
  table: string,
  schema: string,
): Promise<LatestPartition | null> {
  const layout = await hiveLayout(query, table, schema);
  if (!layout) return null;
  const [first] = layout.keys as [string, ...string[]];
  const newest = await newestKeys(query, dialect, table, schema, layout.keys);
  const keys = Object.fromEntries(layout.keys.map((key) => [key, newest ? newest[key] : null]));
  return { column: first, values: newest ? [newest[first]] : [], range: null, keys };
}
