// Table panels of SQL Lab tabs: add (or merge into the open one), expand or collapse, remove.

import type { AppContext } from '../app/context.js';
import { HttpError } from '../errors/nezha-error.js';
import { ValidationError } from '../errors/validation-error.js';
import type { AuthUser } from '../security/current-user.js';
import { getTabState } from '../store/tab-states.js';
import {
  deleteTableSchema,
  findTableSchema,
  setTableSchemaExpanded,
  type TableSchemaWithOwner,
  upsertTableSchema,
} from '../store/table-schemas.js';
import { assertUsableDatabase } from './references.js';

/** The client's table object; fields beyond the named ones are its description. */
export interface TablePanelInput {
  dbId: number;
  queryEditorId: number;
  catalog?: string | null | undefined;
  schema?: string | null | undefined;
  name: string;
  expanded?: boolean | undefined;
  [key: string]: unknown;
}

/** Keys that have columns of their own, or (id) only mean something in the browser. */
const OWN_KEYS = new Set(['id', 'dbId', 'queryEditorId', 'catalog', 'schema', 'name', 'expanded']);

async function requireOwnPanel(ctx: AppContext, user: AuthUser, id: number): Promise<TableSchemaWithOwner> {
  const panel = await findTableSchema(ctx.store.db, id);
  if (!panel) throw new HttpError(404, 'Not found');
  if (panel.owner_id !== user.id) throw new HttpError(403, 'Forbidden');
  return panel;
}

/** Adds the panel to the caller's tab; the same table in the same tab updates the panel already there. */
export async function addTablePanel(ctx: AppContext, user: AuthUser, table: TablePanelInput): Promise<number> {
  const tab = await getTabState(ctx.store.db, table.queryEditorId);
  if (!tab) throw new ValidationError({ 'table.queryEditorId': [`Tab ${table.queryEditorId} does not exist.`] });
  if (tab.user_id !== user.id) throw new HttpError(403, 'Forbidden');
  await assertUsableDatabase(ctx, user, table.dbId, 'table.dbId');
  const description = Object.fromEntries(Object.entries(table).filter(([key]) => !OWN_KEYS.has(key)));
  return upsertTableSchema(ctx.store.db, {
    tab_state_id: tab.id,
    database_id: table.dbId,
    catalog: table.catalog ?? null,
    schema: table.schema ?? null,
    table: table.name,
    description: JSON.stringify(description),
    // A panel starts expanded when added (spec: Table panel).
    expanded: table.expanded === false ? 0 : 1,
  });
}

export async function setTablePanelExpanded(
  ctx: AppContext,
  user: AuthUser,
  id: number,
  expanded: boolean,
): Promise<{ id: number; expanded: boolean }> {
  await requireOwnPanel(ctx, user, id);
  await setTableSchemaExpanded(ctx.store.db, id, expanded);
  return { id, expanded };
}

export async function removeTablePanel(ctx: AppContext, user: AuthUser, id: number): Promise<void> {
  await requireOwnPanel(ctx, user, id);
  await deleteTableSchema(ctx.store.db, id);
}
