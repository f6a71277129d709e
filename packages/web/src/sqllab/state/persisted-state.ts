// What SQL Lab keeps in the browser's storage and how it is merged with the server's tabs on load (pure).
//
// Persistence off: the tabs, their panels and runs live in the browser (data previews excluded, large or
// day-old results dropped). Persistence on: only what the server does not have yet is kept — tabs with
// unsaved edits, tabs not migrated yet with their panels and runs, an unsynced active tab, tabs removed
// but not yet deleted on the server — so a reload loses nothing and local storage wins where it is newer.
import { t } from '../../i18n/i18n';
import { LOCAL_QUERY_MAX_AGE_MS, LOCAL_QUERY_MAX_RESULTS_KB, UNTITLED_QUERY } from './defaults';
import { dedupeTabHistory } from './editor-edits';
import { QUERY_EDITOR_VERSION, type Query, type QueryEditor, type SqlLabState, type Table } from './types';

export const SQLLAB_STORAGE_KEY = 'nezha.sqllab';
const BYTES_PER_CHAR = 2;
const BYTES_PER_KB = 1024;

export interface PersistedSqlLab {
  queryEditors: Array<Partial<QueryEditor> & { id: string }>;
  tabHistory?: string[];
  tables?: Table[];
  queries?: Record<string, Query>;
  unsavedQueryEditor?: Partial<QueryEditor>;
  destroyedQueryEditors?: Record<string, number>;
}

const PERSISTENT_EDITOR_KEYS = [
  'id',
  'name',
  'sql',
  'selectedText',
  'dbId',
  'catalog',
  'schema',
  'autorun',
  'queryLimit',
  'templateParams',
  'remoteId',
  'latestQueryId',
  'hideLeftBar',
  'cursorPosition',
  'northPercent',
  'southPercent',
  'maxRow',
  'updatedAt',
  'version',
  'inLocalStorage',
] as const satisfies ReadonlyArray<keyof QueryEditor>;

function pickEditor(editor: Partial<QueryEditor>): Partial<QueryEditor> {
  const picked: Record<string, unknown> = {};
  for (const key of PERSISTENT_EDITOR_KEYS) if (editor[key] !== undefined) picked[key] = editor[key];
  return picked as Partial<QueryEditor>;
}

/** Tabs with their pending edits applied that the server does not have: local ones and ones edited since the last push. */
export function filterUnsavedEditors(
  queryEditors: readonly QueryEditor[],
  unsaved: Partial<QueryEditor>,
  lastSavedAt: number,
): QueryEditor[] {
  return queryEditors
    .map((editor) => (unsaved.id === editor.id ? ({ ...editor, ...unsaved } as QueryEditor) : editor))
    .filter((editor) => editor.inLocalStorage || (editor.updatedAt !== undefined && editor.updatedAt > lastSavedAt));
}

/** Estimated size in KB of results as text, stopping as soon as the limit is passed. */
function resultsExceed(results: Query['results'], limitKb: number): boolean {
  if (!results) return false;
  const limitChars = (limitKb * BYTES_PER_KB) / BYTES_PER_CHAR;
  const { data, ...rest } = results;
  let chars = JSON.stringify(rest).length;
  for (const row of data ?? []) {
    chars += JSON.stringify(row).length + 1;
    if (chars > limitChars) return true;
  }
  return chars > limitChars;
}

/** Kept results go when older than a day or larger than 1024 KB (estimated at two bytes a character). */
export function pruneResultsForStorage(queries: Record<string, Query>, now: number): Record<string, Query> {
  const pruned: Record<string, Query> = {};
  for (const [id, stored] of Object.entries(queries)) {
    // Rows still arriving are never stored: after a reload the run's results are read by key.
    const { streamedResults: _partial, ...query } = stored;
    const stale = now - query.startDttm > LOCAL_QUERY_MAX_AGE_MS;
    pruned[id] =
      query.results && (stale || resultsExceed(query.results, LOCAL_QUERY_MAX_RESULTS_KB))
        ? { ...query, results: null }
        : _partial
          ? query
          : stored;
  }
  return pruned;
}

function withoutDataPreviews(queries: Record<string, Query>): Record<string, Query> {
  return Object.fromEntries(Object.entries(queries).filter(([, query]) => !query.isDataPreview));
}

/** Panels as stored: their preview runs are not, and nothing is loading after a reload. */
function storedTables(tables: readonly Table[]): Table[] {
  return tables.map((table) => ({
    ...table,
    dataPreviewQueryId: null,
    isMetadataLoading: false,
    isExtraMetadataLoading: false,
  }));
}

/** The part of the state to keep in the browser, or null when there is nothing to keep. */
export function selectPersistedState(
  sqlLab: SqlLabState,
  options: { backendPersistence: boolean; now: number },
): PersistedSqlLab | null {
  if (!options.backendPersistence) {
    const persisted: PersistedSqlLab = {
      queryEditors: sqlLab.queryEditors.map((editor) => pickEditor(editor) as PersistedSqlLab['queryEditors'][number]),
      tabHistory: sqlLab.tabHistory,
      tables: storedTables(sqlLab.tables),
      queries: pruneResultsForStorage(withoutDataPreviews(sqlLab.queries), options.now),
      destroyedQueryEditors: sqlLab.destroyedQueryEditors,
    };
    if (sqlLab.unsavedQueryEditor.id !== undefined)
      persisted.unsavedQueryEditor = pickEditor(sqlLab.unsavedQueryEditor);
    return persisted;
  }
  const unsaved = filterUnsavedEditors(sqlLab.queryEditors, sqlLab.unsavedQueryEditor, sqlLab.editorTabLastUpdatedAt);
  const activeUnsynced = (sqlLab.tabHistory[sqlLab.tabHistory.length - 1] ?? '') !== sqlLab.lastUpdatedActiveTab;
  const destroyedPending = Object.keys(sqlLab.destroyedQueryEditors).length > 0;
  if (unsaved.length === 0 && !activeUnsynced && !destroyedPending) return null;
  const persisted: PersistedSqlLab = {
    queryEditors: unsaved.map((editor) => pickEditor(editor) as PersistedSqlLab['queryEditors'][number]),
    destroyedQueryEditors: sqlLab.destroyedQueryEditors,
  };
  if (unsaved.some((editor) => editor.inLocalStorage)) {
    persisted.tables = storedTables(sqlLab.tables.filter((table) => table.inLocalStorage));
    const localQueries = Object.fromEntries(
      Object.entries(sqlLab.queries).filter(([, query]) => query.inLocalStorage && !query.isDataPreview),
    );
    persisted.queries = pruneResultsForStorage(localQueries, options.now);
  }
  if (activeUnsynced || persisted.tables) persisted.tabHistory = sqlLab.tabHistory;
  return persisted;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads stored text; anything malformed reads as nothing. */
export function parsePersistedState(text: string | null | undefined): PersistedSqlLab | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    const sqlLab = isRecord(parsed) ? parsed.sqlLab : undefined;
    if (!isRecord(sqlLab) || !Array.isArray(sqlLab.queryEditors)) return null;
    const queryEditors = sqlLab.queryEditors.filter(
      (editor): editor is PersistedSqlLab['queryEditors'][number] => isRecord(editor) && typeof editor.id === 'string',
    );
    return {
      queryEditors,
      tabHistory: Array.isArray(sqlLab.tabHistory) ? sqlLab.tabHistory.filter((id) => typeof id === 'string') : [],
      tables: Array.isArray(sqlLab.tables) ? (sqlLab.tables.filter(isRecord) as unknown as Table[]) : [],
      queries: isRecord(sqlLab.queries) ? (sqlLab.queries as Record<string, Query>) : {},
      unsavedQueryEditor: isRecord(sqlLab.unsavedQueryEditor)
        ? (sqlLab.unsavedQueryEditor as Partial<QueryEditor>)
        : {},
      destroyedQueryEditors: isRecord(sqlLab.destroyedQueryEditors)
        ? (sqlLab.destroyedQueryEditors as Record<string, number>)
        : {},
    };
  } catch {
    return null;
  }
}

export function serializePersistedState(persisted: PersistedSqlLab): string {
  return JSON.stringify({ sqlLab: persisted });
}

function completeEditor(editor: Partial<QueryEditor> & { id: string }): QueryEditor {
  return {
    ...editor,
    name: editor.name ?? t(UNTITLED_QUERY),
    sql: editor.sql ?? '',
    autorun: editor.autorun ?? false,
    loaded: true,
    inLocalStorage: true,
    version: editor.version ?? QUERY_EDITOR_VERSION,
  };
}

/**
 * The state to start from: the server's, with the browser's tabs where the browser's copy is newer
 * (its updatedAt) or the server does not have the tab. `discardLocal` says the storage held no tabs
 * and should be cleared.
 */
export function mergeLocalAndServerTabs(
  server: SqlLabState,
  local: PersistedSqlLab | null,
): { state: SqlLabState; discardLocal: boolean } {
  if (!local) return { state: server, discardLocal: false };
  const destroyed = local.destroyedQueryEditors ?? {};
  if (local.queryEditors.length === 0 && Object.keys(destroyed).length === 0) {
    return { state: server, discardLocal: true };
  }
  const editors = new Map(server.queryEditors.map((editor) => [editor.id, editor]));
  const buffer = local.unsavedQueryEditor ?? {};
  // Local edits that win over a server tab must still be pushed: the last push is set before them.
  let lastPushedAt = server.editorTabLastUpdatedAt;
  for (const stored of local.queryEditors) {
    const candidate = buffer.id === stored.id ? { ...stored, ...buffer, id: stored.id } : stored;
    const onServer = editors.get(candidate.id);
    const localIsNewer =
      candidate.updatedAt !== undefined &&
      (onServer?.updatedAt === undefined || candidate.updatedAt > onServer.updatedAt);
    if (!onServer) editors.set(candidate.id, completeEditor(candidate));
    else if (localIsNewer) {
      editors.set(candidate.id, { ...onServer, ...candidate, loaded: true, inLocalStorage: false });
      lastPushedAt = Math.min(lastPushedAt, (candidate.updatedAt ?? lastPushedAt) - 1);
    }
  }
  for (const id of Object.keys(destroyed)) editors.delete(id);

  const queryEditors = [...editors.values()];
  const editorIds = new Set(queryEditors.map((editor) => editor.id));
  const queries: Record<string, Query> = { ...server.queries };
  for (const query of Object.values(local.queries ?? {})) {
    if (query.sqlEditorId && !editorIds.has(query.sqlEditorId)) continue;
    queries[query.id] = { ...server.queries[query.id], ...query, inLocalStorage: !server.queries[query.id] };
  }
  const tables = new Map(server.tables.map((table) => [table.id, table]));
  for (const table of local.tables ?? []) {
    if (!editorIds.has(table.queryEditorId)) continue;
    const previewKept = table.dataPreviewQueryId !== null && Boolean(queries[table.dataPreviewQueryId]);
    tables.set(table.id, {
      ...table,
      dataPreviewQueryId: previewKept ? table.dataPreviewQueryId : null,
      isMetadataLoading: false,
      isExtraMetadataLoading: false,
      inLocalStorage: true,
    });
  }
  const history = dedupeTabHistory(
    [...server.tabHistory, ...(local.tabHistory ?? [])].filter((id) => editorIds.has(id) && !destroyed[id]),
  );
  const last = queryEditors[queryEditors.length - 1];
  return {
    state: {
      ...server,
      queryEditors,
      queries,
      tables: [...tables.values()],
      tabHistory: history.length === 0 && last ? [last.id] : history,
      destroyedQueryEditors: { ...server.destroyedQueryEditors, ...destroyed },
      editorTabLastUpdatedAt: lastPushedAt,
      unsavedQueryEditor: {},
    },
    discardLocal: false,
  };
}
