// Pretty-printing of SQL Lab scripts (POST /api/v1/sqllab/format_sql/) with sql-formatter, per engine.
import { format } from 'sql-formatter';
import { engineByName } from '../engines/registry.js';
import type { EngineName } from '../engines/types.js';
import { NezhaError } from '../errors/nezha-error.js';
import { dialectFacts } from './dialect-facts.js';

/** Jinja tags pass through as opaque parameters, so templated SQL can be formatted before rendering. */
const TEMPLATE_TAG = String.raw`\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|\{#[\s\S]*?#\}`;

/** The formatter's first line and dialect note; the grammar trace after them means nothing to users. */
function formatterMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const lines = message.split('\n');
  const kept = [lines[0] ?? '', ...lines.slice(1).filter((line) => line.startsWith('SQL dialect used'))];
  return kept.join(' ').trim();
}

export function formatSql(sql: string, engine: EngineName): string {
  try {
    const sqlLab = engineByName(engine).sqlLab;
    return format(sql, {
      language: dialectFacts(engine).formatterLanguage,
      keywordCase: sqlLab.formatterKeywordCase,
      paramTypes: { ...sqlLab.formatterParams, custom: [{ regex: TEMPLATE_TAG }] },
    });
  } catch (error) {
    throw new NezhaError({
      type: 'INVALID_SQL_ERROR',
      message: `Unable to format the SQL: ${formatterMessage(error)}`,
      status: 400,
      cause: error,
    });
  }
}
