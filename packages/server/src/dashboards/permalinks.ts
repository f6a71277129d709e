// Dashboard permalinks: the dashboard's state (URL parameters, data mask, active tabs, anchor) behind a key.
import type { AppContext } from '../app/context.js';
import { HttpError } from '../errors/nezha-error.js';
import { type AuthUser, userHasPermission } from '../security/current-user.js';
import { findPermalink, insertPermalink } from '../store/permalinks.js';
import { visibleDashboard } from './access.js';
import type { DashboardPermalinkState } from './inputs.js';
import { dashboardPermalinkUrl } from './serialize.js';

/** The URL parameter naming the chart a dashboard link focuses (the web's URL_PARAMS.focusedChart). */
export const FOCUSED_CHART_PARAM = 'focused_chart';

interface StoredValue {
  dashboardId: string;
  state: DashboardPermalinkState;
}

export async function createDashboardPermalink(
  ctx: AppContext,
  user: AuthUser,
  idOrSlug: string,
  state: DashboardPermalinkState,
) {
  const { dashboard } = await visibleDashboard(ctx, user, idOrSlug);
  // A link that focuses one chart is a chart's "Share" (its dashboard menu): Superset's can_share_chart.
  const sharesChart = (state.urlParams ?? []).some(([key]) => key === FOCUSED_CHART_PARAM);
  if (sharesChart && !userHasPermission(user, 'can_share_chart', 'Superset')) throw new HttpError(403, 'Forbidden');
  const value: StoredValue = { dashboardId: String(dashboard.id), state };
  // A guest is no stored user: its links have no author.
  const key = await insertPermalink(ctx.store.db, 'dashboard', JSON.stringify(value), user.guest ? null : user.id);
  return { key, url: dashboardPermalinkUrl(key) };
}

function readValue(text: string): StoredValue | null {
  try {
    const value = JSON.parse(text) as Partial<StoredValue> | null;
    if (!value || typeof value.dashboardId !== 'string' || typeof value.state !== 'object') return null;
    return { dashboardId: value.dashboardId, state: value.state ?? {} };
  } catch {
    return null;
  }
}

/** The stored state; reading it needs access to the dashboard, so a shared link does not open it to anyone. */
export async function readDashboardPermalink(ctx: AppContext, user: AuthUser, key: string) {
  const entry = await findPermalink(ctx.store.db, 'dashboard', key);
  const value = entry ? readValue(entry.value) : null;
  if (!value) throw new HttpError(404, 'Not found');
  await visibleDashboard(ctx, user, value.dashboardId);
  return { dashboardId: value.dashboardId, state: value.state };
}
