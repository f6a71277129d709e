// What the SQL editor completes: the dialect of the database's engine and its schemas, tables and columns.
import type { CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { keywordCompletionSource, type SQLDialect, type SQLNamespace } from '@codemirror/lang-sql';
import type { EditorDialect } from '@nezha/core';
import type { SqlCompletionData } from './types';

/** The lang-sql dialects; each engine on the server names its own (`editor_dialect` of the database answers). */
export type SqlDialectName = EditorDialect;

export interface CompletionOption {
  label: string;
  type: 'keyword' | 'function' | 'property' | 'table' | 'namespace';
  detail?: string;
  boost?: number;
}

/**
 * The keywords people type most; they stay near the top. The rest of a dialect's several hundred keywords
 * (`xmlagg`, `bernoulli`, …) is the long tail that must not crowd out the user's own tables and columns.
 */
const COMMON_KEYWORDS = new Set(
  [
    'select',
    'from',
    'where',
    'and',
    'or',
    'not',
    'as',
    'on',
    'join',
    'left',
    'right',
    'inner',
    'outer',
    'group',
    'by',
    'order',
    'having',
    'limit',
    'offset',
    'distinct',
    'case',
    'when',
    'then',
    'else',
    'end',
    'in',
    'is',
    'null',
    'like',
    'between',
    'union',
    'all',
    'with',
    'asc',
    'desc',
    'count',
    'sum',
    'avg',
    'min',
    'max',
  ].map((word) => word.toUpperCase()),
);

/**
 * CodeMirror's `boost` (−99…99, added to the match score) by what an option is: aliases of the statement first,
 * then tables and columns, schemas, the common keywords, functions, and the long tail of keywords last. The match
 * itself still counts most: a keyword typed exactly beats a table that only contains the letters.
 */
export function completionBoost(option: { label: string; type?: string }): number {
  switch (option.type) {
    case 'constant': // lang-sql's aliases (`FROM orders o` offers `o`)
      return 40;
    case 'table':
      return 30;
    case 'property':
      return 25;
    case 'namespace':
      return 15;
    case 'function':
      return -20;
    case 'keyword':
    case 'type':
      return COMMON_KEYWORDS.has(option.label.toUpperCase()) ? 0 : -40;
    default:
      return 0;
  }
}

/** A completion source whose options are ranked by `completionBoost` (lang-sql's keywords, aliases, tables). */
export function rankedSource(source: CompletionSource): CompletionSource {
  const rank = (result: CompletionResult | null): CompletionResult | null =>
    result ? { ...result, options: rankOptions(result.options) } : null;
  return (context) => {
    const result = source(context);
    return result instanceof Promise ? result.then(rank) : rank(result);
  };
}

/** The dialect's keywords (upper-cased, as SQL Lab writes them), ranked below the schema's names. */
export function rankedKeywordSource(dialect: SQLDialect): CompletionSource {
  return rankedSource(keywordCompletionSource(dialect, true));
}

/** The options of a completion result, boosted by `completionBoost`. */
export function rankOptions<T extends { label: string; type?: string; boost?: number }>(options: readonly T[]): T[] {
  return options.map((option) => ({ ...option, boost: completionBoost(option) }));
}

function columnOptions(columns: Array<{ name: string; type?: string | null }>): CompletionOption[] {
  return columns.map((column) => ({
    label: column.name,
    type: 'property',
    detail: column.type ?? undefined,
    boost: completionBoost({ label: column.name, type: 'property' }),
  }));
}

/**
 * The lang-sql schema: tables of the current schema at the top level (their columns after "table."), and
 * each schema with the tables known in it (after "schema.").
 */
export function buildSqlNamespace(data: SqlCompletionData): SQLNamespace {
  const top: Record<string, SQLNamespace> = {};
  const bySchema: Record<string, Record<string, SQLNamespace>> = {};
  for (const table of data.tables ?? []) {
    const columns = columnOptions(data.columnsByTable?.[table.name] ?? []);
    const entry: SQLNamespace = {
      self: {
        label: table.name,
        type: 'table',
        detail: table.type === 'view' ? 'view' : (table.schema ?? undefined),
        boost: completionBoost({ label: table.name, type: 'table' }),
      },
      children: columns,
    };
    top[table.name] = entry;
    if (table.schema) {
      bySchema[table.schema] ??= {};
      (bySchema[table.schema] as Record<string, SQLNamespace>)[table.name] = entry;
    }
  }
  for (const schema of data.schemas ?? []) {
    if (schema in top) continue;
    top[schema] = {
      self: {
        label: schema,
        type: 'namespace',
        detail: 'schema',
        boost: completionBoost({ label: schema, type: 'namespace' }),
      },
      children: bySchema[schema] ?? {},
    };
  }
  return top;
}

/**
 * Options offered without a "table." prefix: every known column (once, labelled with its table), and the
 * database's extra keywords and functions. Columns rank above keywords, as in Superset.
 */
export function bareWordOptions(data: SqlCompletionData): CompletionOption[] {
  const options: CompletionOption[] = [];
  const seen = new Set<string>();
  for (const [table, columns] of Object.entries(data.columnsByTable ?? {})) {
    for (const column of columns) {
      if (seen.has(column.name)) continue;
      seen.add(column.name);
      options.push({
        label: column.name,
        type: 'property',
        detail: `${table}${column.type ? ` · ${column.type}` : ''}`,
      });
    }
  }
  for (const name of data.functions ?? []) options.push({ label: name, type: 'function' });
  for (const word of data.keywords ?? []) options.push({ label: word, type: 'keyword' });
  return rankOptions(options);
}

/**
 * The table whose columns to fetch when the text before the cursor ends in "table." or "table.col": only a
 * known table whose columns are not loaded yet, so typing "schema." fetches nothing.
 */
export function tableNeedingColumns(textBefore: string, data: SqlCompletionData): string | null {
  const match = /([A-Za-z_][\w$]*)\.[\w$]*$/.exec(textBefore);
  if (!match) return null;
  const name = match[1] as string;
  const known = (data.tables ?? []).some((table) => table.name === name);
  return known && !data.columnsByTable?.[name] ? name : null;
}
