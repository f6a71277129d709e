// The spec's save failure messages for every kind of object (§8): "Sorry, there was an error saving this %s: %s",
// "Sorry, an unknown error occurred." when nothing explains it, and "You do not have permission to edit this %s"
// on a 403.
import { isApiError } from '../api/api-error';
import { i18nKey, t } from '../i18n/i18n';

export const SAVE_ERROR: string = i18nKey('Sorry, there was an error saving this %s: %s');
export const SAVE_UNKNOWN_ERROR: string = i18nKey('Sorry, an unknown error occurred.');
export const SAVE_FORBIDDEN: string = i18nKey('You do not have permission to edit this %s');

/** The object's name as the messages' %s, lower case like Superset's ("this chart"). */
export const SAVED_OBJECT_NAMES = {
  chart: i18nKey('chart'),
  dataset: i18nKey('dataset'),
  database: i18nKey('database'),
  query: i18nKey('query'),
  measure: i18nKey('measure'),
  cohort: i18nKey('cohort'),
  column: i18nKey('column'),
  css_template: i18nKey('CSS template'),
  annotation_layer: i18nKey('annotation layer'),
  annotation: i18nKey('annotation'),
  rule: i18nKey('rule'),
  alert: i18nKey('alert'),
  report: i18nKey('report'),
  user: i18nKey('user'),
  role: i18nKey('role'),
} as const;
export type SavedObjectKind = keyof typeof SAVED_OBJECT_NAMES;

function fill(template: string, ...args: string[]): string {
  let index = 0;
  return t(template).replace(/%s/g, () => args[index++] ?? '');
}

/** What the failure says for itself: the server's message, else an Error's, else nothing. */
export function failureDetail(error: unknown): string | null {
  const text = isApiError(error) || error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return text.trim() === '' ? null : text;
}

/** The save failure message for one kind of object; `detail` overrides what the failure says for itself. */
export function saveFailureMessage(kind: SavedObjectKind, error: unknown, detail?: string | null): string {
  const name = t(SAVED_OBJECT_NAMES[kind]);
  if (isApiError(error) && error.status === 403) return fill(SAVE_FORBIDDEN, name);
  const text = detail === undefined ? failureDetail(error) : detail;
  return text ? fill(SAVE_ERROR, name, text) : t(SAVE_UNKNOWN_ERROR);
}
