// A stored run in the shape Superset's SQL Lab client reads (Query.to_dict).
import type { QueryRecord, QueryState } from '@nezha/core';
import type { QueryRow } from '../store/schema.js';

export interface QueryNames {
  database_name?: string | null;
  username?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

function parseJson(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function serializeQuery(row: QueryRow, names: QueryNames = {}): QueryRecord {
  const user = [names.first_name, names.last_name].filter(Boolean).join(' ') || names.username || null;
  return {
    changed_on: row.changed_on,
    dbId: row.database_id,
    db: names.database_name ?? null,
    endDttm: row.end_time,
    errorMessage: row.error_message,
    executedSql: row.executed_sql,
    id: row.client_id,
    queryId: row.id,
    limit: row.limit,
    limitingFactor: row.limiting_factor,
    progress: row.progress,
    rows: row.rows,
    catalog: row.catalog,
    schema: row.schema,
    ctas: row.select_as_cta === 1,
    // The store keeps what the server wrote: a QueryState and TABLE, VIEW or null.
    ctas_method: row.ctas_method as QueryRecord['ctas_method'],
    serverId: row.id,
    sql: row.sql,
    sqlEditorId: row.sql_editor_id,
    startDttm: row.start_time,
    state: row.status as QueryState,
    tab: row.tab_name,
    tempSchema: row.tmp_schema_name,
    tempTable: row.tmp_table_name,
    userId: row.user_id,
    user,
    resultsKey: row.results_key,
    trackingUrl: row.tracking_url,
    runAsync: row.run_async === 1,
    extra: parseJson(row.extra_json),
  } satisfies QueryRecord;
}

export type SerializedQuery = QueryRecord;
