// SQL Lab's run records: a stored run as the server serialises it (Superset's Query.to_dict) in execute, results,
// bootstrap and updated-since answers, and the rows of GET /api/v1/query/ (the query history).
import type { NezhaErrorPayload } from '../errors/error-types.js';
import type { LimitingFactor, QueryState } from '../query/query-state.js';

export interface QueryRecord {
  /** The client's id of the run. */
  id: string;
  queryId: number;
  serverId: number;
  dbId: number;
  db?: string | null;
  sql: string;
  executedSql: string | null;
  sqlEditorId: string | null;
  tab: string | null;
  catalog: string | null;
  schema: string | null;
  tempTable: string | null;
  tempSchema: string | null;
  ctas: boolean;
  ctas_method: 'TABLE' | 'VIEW' | null;
  limit: number | null;
  limitingFactor: LimitingFactor | string;
  progress: number;
  rows: number | null;
  state: QueryState;
  startDttm: number | null;
  endDttm: number | null;
  changed_on: string;
  errorMessage: string | null;
  resultsKey: string | null;
  trackingUrl: string | null;
  runAsync: boolean;
  userId?: number | null;
  /** The owner's full name, else the username. */
  user?: string | null;
  extra: Record<string, unknown> & { errors?: NezhaErrorPayload[] };
}

/** A row of GET /api/v1/query/: the record plus the history list's own fields. */
export interface QueryHistoryRecord extends Omit<QueryRecord, 'user'> {
  database: { id: number; database_name: string | null };
  user: { id?: number | null; username: string | null; first_name: string | null; last_name: string | null };
  start_time: number | null;
  end_time: number | null;
  status: QueryState;
  executed_sql: string | null;
  tab_name: string | null;
  /** The tables the SQL reads, as the server's tokenizer found them. */
  sql_tables: { table: string; schema: string | null; catalog: string | null }[];
}
