// The save dialogs' dashboard field: its options (the caller's dashboards, and "Create" for a typed new title) and
// the save target its value stands for. Shared by Explore's save dialog and the assistant's.
import { t } from '../../i18n/i18n';
import type { DashboardChoice } from '../api/types';
import type { SaveTarget } from '../state/thunks/save-chart';

/** A select value naming a dashboard to create, not one that exists. */
const NEW_PREFIX = '__new__:';

export function dashboardOptions(
  search: string,
  dashboards: DashboardChoice[],
): Array<{ value: string; label: string }> {
  const trimmed = search.trim();
  return [
    ...(trimmed && !dashboards.some((choice) => choice.dashboard_title === trimmed)
      ? [{ value: `${NEW_PREFIX}${trimmed}`, label: t('Create "{{title}}"', { title: trimmed }) }]
      : []),
    ...dashboards.map((choice) => ({ value: String(choice.id), label: choice.dashboard_title })),
  ];
}

export function saveTargetOf(dashboard: string | undefined, dashboards: DashboardChoice[]): SaveTarget {
  if (!dashboard) return { kind: 'none' };
  if (dashboard.startsWith(NEW_PREFIX)) return { kind: 'new', title: dashboard.slice(NEW_PREFIX.length) };
  const chosen = dashboards.find((choice) => String(choice.id) === dashboard);
  return chosen ? { kind: 'existing', dashboard: chosen } : { kind: 'none' };
}
