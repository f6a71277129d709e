// What SQL Lab loads first: the databases, the caller's tabs, the active tab and the runs of those tabs.
import type { SqlLabDatabase } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { parseExtra } from '../databases/connection-manager.js';
import { allowsCostEstimate, editorDialectOf } from '../engines/registry.js';
import type { AuthUser } from '../security/current-user.js';
import { databaseVisibility } from '../security/data-access.js';
import { type DatabaseWithAuthor, listDatabases } from '../store/databases.js';
import { findActiveTabState, listTabStates, queriesOfTabs } from '../store/tab-states.js';
import { type SerializedQuery, serializeQuery } from './serialize-query.js';
import { serializeLoadedTab } from './tab-state-service.js';

/** More connections than anyone keeps; the answer is one page. */
const MAX_DATABASES = 10_000;

/** The database keys Superset's SQL Lab reads from its bootstrap. */
function sqlLabDatabase(row: DatabaseWithAuthor): SqlLabDatabase {
  const extra = parseExtra(row.extra);
  return {
    id: row.id,
    database_name: row.database_name,
    backend: row.backend,
    editor_dialect: editorDialectOf(row.backend),
    allow_file_upload: row.allow_file_upload === 1,
    allow_ctas: row.allow_ctas === 1,
    allow_cvas: row.allow_cvas === 1,
    allow_dml: row.allow_dml === 1,
    allow_run_async: row.allow_run_async === 1,
    allows_subquery: true,
    allows_cost_estimate: allowsCostEstimate(row.backend, extra),
    expose_in_sqllab: row.expose_in_sqllab === 1,
    force_ctas_schema: row.force_ctas_schema,
    disable_data_preview: row.disable_data_preview === 1,
    disable_drill_to_detail: extra.disable_drill_to_detail === true,
    allow_multi_catalog: extra.allow_multi_catalog === true,
    extra,
  } satisfies SqlLabDatabase;
}

export async function sqlLabBootstrap(ctx: AppContext, user: AuthUser) {
  const { rows } = await listDatabases(
    ctx.store.db,
    { filters: [], orderColumn: 'database_name', orderDirection: 'asc', page: 0, pageSize: MAX_DATABASES },
    databaseVisibility(user),
  );
  const databases = Object.fromEntries(rows.map((row) => [String(row.id), sqlLabDatabase(row)]));
  if (!ctx.config.features.SQLLAB_BACKEND_PERSISTENCE) {
    return { active_tab: null, tab_state_ids: [], databases, queries: {} };
  }
  const tabs = await listTabStates(ctx.store.db, user.id);
  const active = await findActiveTabState(ctx.store.db, user.id);
  const runs = await queriesOfTabs(
    ctx.store.db,
    user.id,
    tabs.map((tab) => tab.id),
  );
  const names = new Map(rows.map((row) => [row.id, row.database_name]));
  const queries: Record<string, SerializedQuery> = {};
  for (const run of runs) queries[run.client_id] = serializeQuery(run, { database_name: names.get(run.database_id) });
  return {
    active_tab: active ? await serializeLoadedTab(ctx, active) : null,
    tab_state_ids: tabs.map((tab) => ({ id: tab.id, label: tab.label })),
    databases,
    queries,
  };
}
