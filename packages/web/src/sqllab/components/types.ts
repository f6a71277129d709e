// Shapes the SQL Lab components read: the spec's entities (§3) as the server sends them, only the fields shown.
import type { EditorDialect, LimitingFactor, NezhaErrorPayload, QueryState, ToastType } from '@nezha/core';

/** How a component reports a toast; the page wires it to the messageToasts slice. */
export type Notify = (toastType: ToastType, text: string) => void;

/** One column of a result as `/api/v1/sqllab/execute/` and `/results/` send it. */
export interface ResultColumn {
  column_name: string;
  name: string;
  type: string | null;
  /** Superset's GenericDataType: 0 numeric, 1 string, 2 temporal, 3 boolean. */
  type_generic: number | null;
  is_dttm: boolean;
}

/** One result row keyed by column name. */
export type ResultRow = Record<string, unknown>;

export interface ResultLimits {
  rows: number;
  limitingFactor?: LimitingFactor | null;
  queryLimit?: number | null;
  defaultQueryLimit?: number | null;
  displayLimitReached?: boolean;
}

export type ColumnKeyType = 'pk' | 'fk' | 'index';

export interface TableColumn {
  name: string;
  type: string;
  keys?: Array<{ type: ColumnKeyType; name: string | null; column_names: string[] }>;
  comment?: string | null;
}

export interface TableIndex {
  name: string;
  column_names: string[];
  unique: boolean;
}

export interface TableForeignKey {
  name: string | null;
  column_names: string[];
  referred_schema: string | null;
  referred_table: string;
  referred_columns: string[];
}

/** A table schema panel of the left bar (spec §3 "Table schema in the editor"). */
export interface TableSchema {
  id: string;
  name: string;
  schema: string | null;
  catalog?: string | null;
  expanded: boolean;
  columns?: TableColumn[];
  indexes?: TableIndex[];
  primaryKey?: { name: string | null; column_names: string[] } | null;
  foreignKeys?: TableForeignKey[];
  selectStar?: string;
  comment?: string | null;
  isMetadataLoading?: boolean;
  isExtraMetadataLoading?: boolean;
}

/** A row of the query history (spec §3 "Query run / record"). */
export interface QueryHistoryItem {
  id: string;
  state: QueryState;
  sql: string;
  executedSql?: string | null;
  startDttm: number;
  endDttm?: number | null;
  rows?: number | null;
  progress?: number | null;
  dbId: number;
  databaseName?: string | null;
  schema?: string | null;
  tab?: string | null;
  resultsKey?: string | null;
  errorMessage?: string | null;
}

export interface DatabaseOption {
  id: number;
  database_name: string;
  backend: string;
  editor_dialect?: EditorDialect;
  allow_multi_catalog?: boolean;
  disable_data_preview?: boolean;
}

export interface TableOption {
  value: string;
  /** 'table' or 'view'. */
  type?: string;
}

/** One editor tab as the tab bar shows it. */
export interface EditorTab {
  id: string;
  /** The tab's React key: kept when a local tab moves to the server and takes its id, so an open menu stays open. */
  viewKey?: string;
  name: string;
  /** The state of the tab's latest query, for the status dot. */
  queryState?: QueryState | null;
  /** Edits not yet saved as a saved query; closing asks first. */
  unsaved?: boolean;
  hideLeftBar?: boolean;
}

/** What the editor completes from: the selected database's schemas, tables and their columns. */
export interface SqlCompletionData {
  keywords?: string[];
  functions?: string[];
  schemas?: string[];
  tables?: Array<{ name: string; schema?: string | null; type?: string }>;
  columnsByTable?: Record<string, Array<{ name: string; type?: string | null }>>;
}

export type ErrorPayload = NezhaErrorPayload;
