// A stored editor tab and its table panels in the shape Superset's SQL Lab client reads (TabState.to_dict).
import type { QueryRow, TableSchemaRow, TabStateRow } from '../store/schema.js';
import { serializeQuery } from './serialize-query.js';

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function parseObject(text: string | null): Record<string, unknown> {
  const value = parseJson(text);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function serializeTableSchema(row: TableSchemaRow) {
  return {
    id: row.id,
    tab_state_id: row.tab_state_id,
    database_id: row.database_id,
    catalog: row.catalog,
    schema: row.schema,
    table: row.table,
    // The client spreads it (`{dataPreviewQueryId, ...persistData}`), so unreadable text reads as null.
    description: parseJson(row.description),
    expanded: row.expanded === 1,
  };
}

/**
 * `extra_json` leaves parsed, as Superset's `extra` does: the client reads `extra_json.updatedAt`
 * and `extra_json.version` from it.
 */
export function serializeTabState(tab: TabStateRow, tables: TableSchemaRow[], latestQuery: QueryRow | undefined) {
  return {
    id: tab.id,
    user_id: tab.user_id,
    label: tab.label,
    active: tab.active === 1,
    database_id: tab.database_id,
    catalog: tab.catalog,
    schema: tab.schema,
    table_schemas: tables.map(serializeTableSchema),
    sql: tab.sql,
    query_limit: tab.query_limit,
    latest_query: latestQuery ? serializeQuery(latestQuery) : null,
    latest_query_id: tab.latest_query_id,
    autorun: tab.autorun === 1,
    template_params: tab.template_params,
    hide_left_bar: tab.hide_left_bar === 1,
    saved_query: tab.saved_query_id === null ? null : { id: tab.saved_query_id },
    extra_json: parseObject(tab.extra_json),
  };
}

export type SerializedTabState = ReturnType<typeof serializeTabState>;
