// The caller's recently viewed dashboards and charts (Superset's recent_activity), from the event log.
import { humanizeDelta, type RecentActivityItem } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { dashboardVisibility } from '../dashboards/access.js';
import { dashboardUrl } from '../dashboards/serialize.js';
import { sliceUrl } from '../saved-charts/serialize.js';
import { type AuthUser, userHasPermission } from '../security/current-user.js';
import { datasetVisibility } from '../security/dataset-access.js';
import { type RecentActivityRow, recentActivity } from '../store/logs.js';

export interface RecentActivityRequest {
  actions: readonly string[];
  distinct: boolean;
  page: number;
  pageSize: number;
}

function toItem(row: RecentActivityRow, now: Date): RecentActivityItem {
  const time = Date.parse(row.dttm);
  const common = { action: row.action, time, time_delta_humanized: humanizeDelta(new Date(time), now) };
  if (row.dashboard_id !== null) {
    return {
      ...common,
      item_type: 'dashboard',
      item_url: dashboardUrl({ id: row.dashboard_id, slug: row.dashboard_slug }),
      item_title: row.dashboard_title ?? '',
    };
  }
  return {
    ...common,
    item_type: 'slice',
    item_url: sliceUrl(row.slice_id ?? 0),
    item_title: row.slice_name || '<empty>',
  };
}

/** Only the caller's own events, and only objects the caller may still open. */
export async function recentActivityOf(
  ctx: AppContext,
  user: AuthUser,
  request: RecentActivityRequest,
): Promise<RecentActivityItem[]> {
  const rows = await recentActivity(ctx.store.db, {
    userId: user.id,
    ...request,
    dashboardVisible: await dashboardVisibility(ctx, user),
    chartVisible: datasetVisibility(user),
    chartsReadable: userHasPermission(user, 'can_read', 'Chart'),
  });
  const now = new Date();
  return rows.map((row) => toItem(row, now));
}
