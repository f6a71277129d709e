// The rows of the query history pane: this browser's runs of the tab merged with the server's page.
import type { QueryHistoryRecord } from '@nezha/core';
import type { QueryHistoryItem } from '../components/types';
import type { HistoryView, Query, SqlLabDatabase } from '../state';

export function itemOfQuery(query: Query, databases: Record<string, SqlLabDatabase>): QueryHistoryItem {
  return {
    id: query.id,
    state: query.state,
    sql: query.sql,
    executedSql: query.executedSql ?? null,
    startDttm: query.startDttm,
    endDttm: query.endDttm ?? null,
    rows: query.rows ?? null,
    progress: query.progress,
    dbId: query.dbId,
    databaseName: databases[String(query.dbId)]?.database_name ?? null,
    schema: query.schema ?? null,
    tab: query.tab,
    resultsKey: query.resultsKey ?? null,
    errorMessage: query.errorMessage ?? null,
  };
}

export function itemOfServerQuery(query: QueryHistoryRecord): QueryHistoryItem {
  return {
    id: query.id,
    state: query.status ?? query.state,
    sql: query.sql,
    executedSql: query.executed_sql ?? query.executedSql,
    startDttm: query.startDttm ?? query.start_time ?? 0,
    endDttm: query.endDttm ?? query.end_time ?? null,
    rows: query.rows,
    progress: query.progress,
    dbId: query.dbId ?? query.database?.id,
    databaseName: query.database?.database_name ?? query.db ?? null,
    schema: query.schema,
    tab: query.tab_name ?? query.tab,
    resultsKey: query.resultsKey,
    errorMessage: query.errorMessage,
  };
}

export interface HistoryRows {
  items: QueryHistoryItem[];
  total: number;
}

/**
 * The server's page, with this browser's runs it does not list yet (just started, or refused before the
 * server recorded them) on the first page; a local run's state wins, being the fresher.
 */
export function historyRows(view: HistoryView, databases: Record<string, SqlLabDatabase>): HistoryRows {
  const local = new Map(view.local.map((query) => [query.id, query]));
  const items = view.server.map((row) => {
    const mine = local.get(row.id);
    return mine ? itemOfQuery(mine, databases) : itemOfServerQuery(row);
  });
  if (view.page !== 0) return { items, total: view.count };
  const listed = new Set(view.server.map((row) => row.id));
  const extra = view.local.filter((query) => !listed.has(query.id)).map((query) => itemOfQuery(query, databases));
  const merged = [...extra, ...items].sort((a, b) => b.startDttm - a.startDttm);
  return { items: merged, total: view.count + extra.length };
}
