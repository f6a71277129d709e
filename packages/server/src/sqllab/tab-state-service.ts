// SQL Lab tabs on the server: create, load, update, activate and remove them, and move runs between them.

import type { AppContext } from '../app/context.js';
import { HttpError } from '../errors/nezha-error.js';
import { ValidationError } from '../errors/validation-error.js';
import type { AuthUser } from '../security/current-user.js';
import { findQueryByClientId } from '../store/queries.js';
import type { TabStateRow } from '../store/schema.js';
import {
  activateTabState,
  deleteTabQuery,
  deleteTabState,
  getTabState,
  insertTabState,
  listTabStates,
  moveQueryToTab,
  type TabStatePatch,
  updateTabState,
} from '../store/tab-states.js';
import { listTableSchemasOfTab } from '../store/table-schemas.js';
import { assertOwnSavedQuery, assertUsableDatabase, findOwnQuery } from './references.js';
import { type SerializedTabState, serializeTabState } from './serialize-tab-state.js';

type Maybe<T> = T | null | undefined;

/** The client's query editor, as far as the server keeps it. */
export interface QueryEditorInput {
  name?: Maybe<string>;
  title?: Maybe<string>;
  dbId?: Maybe<number>;
  catalog?: Maybe<string>;
  schema?: Maybe<string>;
  sql?: Maybe<string>;
  queryLimit?: Maybe<number>;
  templateParams?: Maybe<string>;
  autorun?: boolean | undefined;
  hideLeftBar?: boolean | undefined;
  remoteId?: Maybe<number>;
  latestQueryId?: Maybe<string>;
  updatedAt?: Maybe<number>;
  version?: Maybe<number>;
}

/** Fields of a tab update; undefined means "leave as it is". */
export interface TabUpdateInput {
  database_id?: Maybe<number>;
  catalog?: Maybe<string>;
  schema?: Maybe<string>;
  sql?: Maybe<string>;
  label?: string | undefined;
  query_limit?: Maybe<number>;
  latest_query_id?: Maybe<string>;
  template_params?: Maybe<string>;
  hide_left_bar?: boolean | undefined;
  autorun?: boolean | undefined;
  extra_json?: Maybe<string>;
  saved_query_id?: Maybe<number>;
}

const UNTITLED = 'Untitled Query';
/** What Superset writes in a tab created without SQL. */
const DEFAULT_SQL = 'SELECT ...';

/** 404 when the tab does not exist, 403 when it is someone else's. */
async function requireOwnTab(ctx: AppContext, user: AuthUser, id: number): Promise<TabStateRow> {
  const tab = await getTabState(ctx.store.db, id);
  if (!tab) throw new HttpError(404, 'Not found');
  if (tab.user_id !== user.id) throw new HttpError(403, 'Forbidden');
  return tab;
}

function extraJsonOf(editor: QueryEditorInput): string {
  const extra: Record<string, unknown> = {};
  if (editor.updatedAt !== undefined && editor.updatedAt !== null) extra.updatedAt = editor.updatedAt;
  if (editor.version !== undefined && editor.version !== null) extra.version = editor.version;
  return JSON.stringify(extra);
}

/** A new tab from the client's query editor; it becomes the caller's active tab. */
export async function createTab(ctx: AppContext, user: AuthUser, editor: QueryEditorInput): Promise<number> {
  const databaseId = editor.dbId ?? null;
  if (databaseId !== null) await assertUsableDatabase(ctx, user, databaseId, 'queryEditor.dbId');
  const savedQueryId = editor.remoteId ?? null;
  if (savedQueryId !== null) await assertOwnSavedQuery(ctx, user, savedQueryId, 'queryEditor.remoteId');
  // A tab migrated from the browser may name a run that is not migrated yet: keep only a known one.
  const latest = editor.latestQueryId ? await findOwnQuery(ctx, user, editor.latestQueryId) : undefined;
  return insertTabState(ctx.store.db, {
    user_id: user.id,
    label: editor.name || editor.title || UNTITLED,
    database_id: databaseId,
    catalog: editor.catalog ?? null,
    schema: editor.schema ?? null,
    sql: editor.sql ?? DEFAULT_SQL,
    query_limit: editor.queryLimit ?? null,
    latest_query_id: latest?.client_id ?? null,
    autorun: editor.autorun ? 1 : 0,
    template_params: editor.templateParams ?? null,
    hide_left_bar: editor.hideLeftBar ? 1 : 0,
    saved_query_id: savedQueryId,
    extra_json: extraJsonOf(editor),
  });
}

export async function loadTab(ctx: AppContext, user: AuthUser, id: number): Promise<SerializedTabState> {
  const tab = await requireOwnTab(ctx, user, id);
  return serializeLoadedTab(ctx, tab);
}

export async function serializeLoadedTab(ctx: AppContext, tab: TabStateRow): Promise<SerializedTabState> {
  const tables = await listTableSchemasOfTab(ctx.store.db, tab.id);
  const latest = tab.latest_query_id ? await findQueryByClientId(ctx.store.db, tab.latest_query_id) : undefined;
  // A run that changed hands (or was deleted) is not shown through this tab.
  return serializeTabState(tab, tables, latest?.user_id === tab.user_id ? latest : undefined);
}

const flag = (value: boolean | undefined): number | undefined => (value === undefined ? undefined : value ? 1 : 0);

/** Applies the fields that are present; absent ones stay as they are. */
export async function updateTab(ctx: AppContext, user: AuthUser, id: number, input: TabUpdateInput): Promise<void> {
  await requireOwnTab(ctx, user, id);
  if (input.database_id !== undefined && input.database_id !== null) {
    await assertUsableDatabase(ctx, user, input.database_id, 'database_id');
  }
  if (input.latest_query_id !== undefined && input.latest_query_id !== null) {
    if (!(await findOwnQuery(ctx, user, input.latest_query_id))) {
      throw new ValidationError({ latest_query_id: [`Query ${input.latest_query_id} does not exist.`] });
    }
  }
  if (input.saved_query_id !== undefined && input.saved_query_id !== null) {
    await assertOwnSavedQuery(ctx, user, input.saved_query_id, 'saved_query_id');
  }
  const patch: TabStatePatch = {
    database_id: input.database_id,
    catalog: input.catalog,
    schema: input.schema,
    sql: input.sql === null ? '' : input.sql,
    label: input.label,
    query_limit: input.query_limit,
    latest_query_id: input.latest_query_id,
    template_params: input.template_params,
    hide_left_bar: flag(input.hide_left_bar),
    autorun: flag(input.autorun),
    extra_json: input.extra_json === null ? '{}' : input.extra_json,
    saved_query_id: input.saved_query_id,
  };
  const present = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  if (Object.keys(present).length === 0) return;
  await updateTabState(ctx.store.db, id, present as TabStatePatch);
}

export async function activateTab(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  await requireOwnTab(ctx, user, id);
  await activateTabState(ctx.store.db, user.id, id);
}

export async function removeTab(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  await requireOwnTab(ctx, user, id);
  await deleteTabState(ctx.store.db, id);
}

/** Puts one of the caller's runs into this tab's history (a run made while the tab was local only). */
export async function migrateQuery(ctx: AppContext, user: AuthUser, id: number, clientId: string): Promise<void> {
  await requireOwnTab(ctx, user, id);
  await requireOwnQuery(ctx, user, clientId);
  await moveQueryToTab(ctx.store.db, user.id, clientId, id);
}

export async function removeTabQuery(ctx: AppContext, user: AuthUser, id: number, clientId: string): Promise<void> {
  await requireOwnTab(ctx, user, id);
  await requireOwnQuery(ctx, user, clientId);
  if (!(await deleteTabQuery(ctx.store.db, user.id, id, clientId))) throw new HttpError(404, 'Not found');
}

async function requireOwnQuery(ctx: AppContext, user: AuthUser, clientId: string): Promise<void> {
  const query = await findQueryByClientId(ctx.store.db, clientId);
  if (!query) throw new HttpError(404, 'Not found');
  if (query.user_id !== user.id) throw new HttpError(403, 'Forbidden');
}

export async function listTabs(ctx: AppContext, user: AuthUser) {
  const tabs = await listTabStates(ctx.store.db, user.id);
  return tabs.map((tab) => ({ id: tab.id, label: tab.label, active: tab.active === 1 }));
}
