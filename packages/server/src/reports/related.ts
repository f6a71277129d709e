// GET /api/v1/report/related/{chart,dashboard,database}: the pickers of the report dialog, narrowed as Superset's
// filter_rel_fields narrow them (ChartFilter, DashboardAccessFilter, DatabaseFilter).
import type { AppContext } from '../app/context.js';
import { dashboardVisibility } from '../dashboards/access.js';
import { type RelatedQuery, relatedDatabases } from '../datasets/related.js';
import type { AuthUser } from '../security/current-user.js';
import { datasetVisibility } from '../security/dataset-access.js';
import { listCharts } from '../store/charts.js';
import { listDashboards } from '../store/dashboards.js';
import type { ListOptions } from '../store/list.js';

function options(query: RelatedQuery, column: string): ListOptions {
  const text = query.filter.trim();
  return {
    filters: text ? [{ col: column, opr: 'ct', value: text }] : [],
    orderColumn: column,
    orderDirection: 'asc',
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function relatedReportCharts(ctx: AppContext, user: AuthUser, query: RelatedQuery) {
  const { count, rows } = await listCharts(ctx.store.db, options(query, 'slice_name'), {
    ownerIds: [],
    dashboardIds: [],
    visible: datasetVisibility(user),
  });
  return { count, result: rows.map((row) => ({ value: row.id, text: row.slice_name, extra: {} })) };
}

export async function relatedReportDashboards(ctx: AppContext, user: AuthUser, query: RelatedQuery) {
  const { count, rows } = await listDashboards(ctx.store.db, options(query, 'dashboard_title'), {
    ownerIds: [],
    visible: await dashboardVisibility(ctx, user),
  });
  return { count, result: rows.map((row) => ({ value: row.id, text: row.dashboard_title, extra: {} })) };
}

export async function relatedReportDatabases(ctx: AppContext, user: AuthUser, query: RelatedQuery) {
  return relatedDatabases(ctx, user, query);
}
