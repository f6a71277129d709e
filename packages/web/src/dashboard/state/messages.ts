// The spec's dashboard messages (§5, §6, §8), word for word; catalogue keys, shown with t().
import { i18nKey } from '../../i18n/i18n';

export const DASHBOARD_SAVED = i18nKey('This dashboard was saved successfully.');
export const DASHBOARD_SAVE_FAILED = i18nKey('Sorry, there was an error saving this dashboard: {{error}}');
export const UNKNOWN_ERROR = i18nKey('Sorry, an unknown error occurred');
export const NO_EDIT_PERMISSION = i18nKey('You do not have permission to edit this dashboard');
export const CONFIRM_OVERWRITE = i18nKey('Please confirm the overwrite values.');
export const NO_CHART_DEFINITION = i18nKey(
  'Sorry, there is no chart definition associated with the chart trying to be added.',
);
export const FETCH_CHARTS_FAILED = i18nKey('Could not fetch all saved charts');
export const FETCH_CHARTS_FAILED_TOAST = i18nKey('Sorry there was an error fetching saved charts: {{error}}');
export const CROSS_FILTER_SCOPING_FAILED = i18nKey('Failed to save cross-filter scoping');
export const NOW_PUBLISHED = i18nKey('This dashboard is now published');
export const NOW_HIDDEN = i18nKey('This dashboard is now hidden');
export const NO_PUBLISH_PERMISSION = i18nKey('You do not have permissions to edit this dashboard.');
export const FAVORITE_FAILED = i18nKey('There was an issue favoriting this dashboard.');
export const UNFAVORITE_FAILED = i18nKey('There was an issue unfavoriting this dashboard.');
export const PERMALINK_COPIED = i18nKey('Copied to clipboard!');
export const PERMALINK_FAILED = i18nKey('Sorry, something went wrong. Try again later.');
export const FILTER_CONFIG_SAVE_FAILED = i18nKey('Sorry, there was an error saving the filters: {{error}}');
