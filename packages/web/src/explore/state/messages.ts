// The spec's explore and chart messages (§4, §8), word for word, and the %s substitution they use.
// Each is a catalogue key: format() translates the template before it fills the %s in.
import { i18nKey, t } from '../../i18n/i18n';

export const NETWORK_ERROR: string = i18nKey('Network error.');
export const CHART_STOPPED: string = i18nKey('Updating chart was stopped');
export const RENDER_FAILED: string = i18nKey('An error occurred while rendering the visualization: %s');
export const SAVE_SLICE_FAILED: string = i18nKey('Failed to save slice');
export const SAVED: string = i18nKey('%s [%s] has been saved');
export const OVERWRITTEN: string = i18nKey('%s [%s] has been overwritten');
export const DASHBOARD_CREATED: string = i18nKey('Dashboard [%s] just got created and chart [%s] was added to it');
export const ADDED_TO_DASHBOARD: string = i18nKey('Chart [%s] was added to dashboard [%s]');
export const STAR_FAILED: string = i18nKey('An error occurred while starring this chart');
export const FETCH_DASHBOARDS_FAILED: string = i18nKey('fetching dashboards failed for %s');
export const INHERITED_FILTER: string = i18nKey(
  "This filter was inherited from the dashboard's context. It won't be saved when saving the chart.",
);
export const SAMPLES_FAILED: string = i18nKey('Sorry, an error occurred');
export const SQL_LOAD_FAILED: string = i18nKey('An error occurred while loading the SQL');
export const QUERY_TIMEOUT: string = i18nKey('Query timeout');
export const NO_PERMISSION_TO_EDIT: string = i18nKey('You do not have permission to edit this %s');

/** Replaces each %s in turn, as Superset's t(template, ...args) does. */
export function format(template: string, ...args: Array<string | number>): string {
  let index = 0;
  return t(template).replace(/%s/g, () => String(args[index++] ?? ''));
}
