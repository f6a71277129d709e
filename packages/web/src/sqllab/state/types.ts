// The entities of SQL Lab's state (spec sql-editor §3): tabs, runs, table panels and editor-wide fields.
import type {
  LimitingFactor,
  NezhaErrorPayload,
  QueryHistoryRecord,
  QueryState,
  SqlLabDatabase,
  TableColumnMetadata,
  TableMetadata,
} from '@nezha/core';
import type { CostEstimateRow, QueryResultsPayload, ResultColumn } from '../api/types';

export const QUERY_EDITOR_VERSION = 1;

export interface CursorPosition {
  row: number;
  column: number;
}

export interface SelectionRange {
  start: CursorPosition;
  end: CursorPosition;
}

/**
 * A query editor tab. `id` is an 11-character client id while the tab lives only in the browser and
 * the server's tab id (as text) once backend persistence has migrated it: one id at a time.
 */
export interface QueryEditor {
  id: string;
  /**
   * The id the tab had when this browser first showed it. Views are keyed by it, not by `id`, so the tab's move to
   * the server (which changes `id`) does not remount the editor and close a dialog or drop keystrokes under way.
   */
  viewKey?: string;
  name: string;
  sql: string;
  selectedText?: string | null;
  dbId?: number | null;
  catalog?: string | null;
  schema?: string | null;
  autorun: boolean;
  queryLimit?: number;
  /** JSON text. */
  templateParams?: string | null;
  /** The saved query this tab was saved as. */
  remoteId?: number | null;
  latestQueryId?: string | null;
  /** False for server tabs whose content has not been fetched yet. */
  loaded: boolean;
  /** True while the tab exists only in the browser (not yet migrated to the server). */
  inLocalStorage: boolean;
  hideLeftBar?: boolean;
  cursorPosition?: CursorPosition;
  selectionRange?: SelectionRange | null;
  northPercent?: number;
  southPercent?: number;
  maxRow?: number;
  updatedAt?: number;
  version: number;
}

/** Pending edits of the active tab, not yet folded into its entry of `queryEditors`. */
export type UnsavedQueryEditor = Partial<QueryEditor>;

/** The fields an edit may change; identity and bookkeeping fields are not edits. */
export type QueryEditorChanges = Partial<Omit<QueryEditor, 'id' | 'viewKey' | 'inLocalStorage' | 'loaded' | 'version'>>;

export interface Query {
  /** Client id of 11 characters, made before the run starts. */
  id: string;
  dbId: number;
  sql: string;
  /** The tab that ran it; null for data previews. */
  sqlEditorId: string | null;
  tab: string | null;
  catalog?: string | null;
  schema?: string | null;
  tempTable?: string | null;
  tempSchema?: string | null;
  ctas: boolean;
  ctas_method?: 'TABLE' | 'VIEW' | null;
  templateParams?: string | null;
  queryLimit?: number | null;
  limitingFactor?: LimitingFactor | string;
  runAsync: boolean;
  progress: number;
  startDttm: number;
  endDttm?: number | null;
  state: QueryState;
  cached?: boolean;
  resultsKey?: string | null;
  isDataPreview?: boolean;
  tableName?: string;
  rows?: number | null;
  columns?: ResultColumn[];
  results?: QueryResultsPayload | null;
  /** The rows of a streamed answer received so far, drawn while the run is still going; gone once it ends. */
  streamedResults?: { columns: ResultColumn[]; data: Array<Record<string, unknown>> } | null;
  errorMessage?: string | null;
  errors?: NezhaErrorPayload[];
  link?: string | null;
  trackingUrl?: string | null;
  changed_on?: string;
  extra?: Record<string, unknown>;
  executedSql?: string | null;
  /** The server's numeric id of the run record, once the server has answered with it. */
  serverId?: number;
  /** True while the run is known to the browser only (not yet attached to a server tab). */
  inLocalStorage?: boolean;
}

/** Table metadata kept with a panel so it can be shown without asking again. */
export type TablePersistData = Partial<Pick<TableMetadata, 'primaryKey' | 'foreignKeys' | 'indexes' | 'selectStar'>> & {
  columns?: TableColumnMetadata[];
};

export interface Table {
  /** A client id until the server stores the panel, then the server's id as text. */
  id: string;
  dbId: number;
  queryEditorId: string;
  catalog: string | null;
  schema: string | null;
  name: string;
  expanded: boolean;
  dataPreviewQueryId: string | null;
  columns?: TableColumnMetadata[];
  selectStar?: string;
  primaryKey?: TableMetadata['primaryKey'];
  foreignKeys?: TableMetadata['foreignKeys'];
  indexes?: TableMetadata['indexes'];
  isMetadataLoading: boolean;
  isExtraMetadataLoading: boolean;
  /** True once the metadata has been loaded (and stored on the server when persistence is on). */
  initialized: boolean;
  persistData?: TablePersistData;
  inLocalStorage?: boolean;
}

export interface QueryCostEstimate {
  completed: boolean;
  cost: CostEstimateRow[] | null;
  error: string | null;
}

/** The query history pane: one page of the caller's runs from the server. */
export interface QueryHistoryState {
  search: string;
  page: number;
  pageSize: number;
  count: number;
  result: QueryHistoryRecord[];
  loading: boolean;
  error: string | null;
}

export interface SqlLabState {
  queryEditors: QueryEditor[];
  unsavedQueryEditor: UnsavedQueryEditor;
  /** Activated tab ids, oldest first; the last one is the active tab. */
  tabHistory: string[];
  /** Removed server tabs still to be deleted on the server: tab id → removal time (ms). */
  destroyedQueryEditors: Record<string, number>;
  queries: Record<string, Query>;
  tables: Table[];
  /** Keyed by tab id. */
  queryCostEstimates: Record<string, QueryCostEstimate>;
  /** Keyed by database id. */
  databases: Record<string, SqlLabDatabase>;
  offline: boolean;
  /** 'Results', 'History', or the id of a data preview query. */
  activeSouthPaneTab: string;
  /** When the unsaved tabs were last pushed to the server. */
  editorTabLastUpdatedAt: number;
  /** The tab last activated on the server. */
  lastUpdatedActiveTab: string;
  /** Key ("12__table") of the dataset last created from results. */
  datasource: string | null;
  isDatasourceLoading: boolean;
  errorMessage: string | null;
  /** Latest server change time seen among runs (ms). */
  queriesLastUpdate: number;
  queryHistory: QueryHistoryState;
  /** The assistant's conversation of each tab (tab id → conversation id on the server). */
  copilotConversations: Record<string, number>;
}

export type { SqlLabDatabase };
