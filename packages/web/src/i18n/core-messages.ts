// The fixed messages of the spec's error catalogue (§8) that packages/core writes for the browser (normalizeError,
// the login and session messages): marked here so their translations live in the i18n area's catalogues. An error
// panel shows any of them with t(message); a message no catalogue has (a database's own text) shows as it is.
import { i18nKey, t } from './i18n';

export const CORE_MESSAGES = [
  i18nKey('Your session timed out, please refresh your page and try again.'),
  i18nKey('Invalid login. Please try again.'),
  i18nKey('Unknown error'),
  i18nKey('Network error'),
  i18nKey('An error occurred'),
  i18nKey('Invalid input'),
  i18nKey('Request timed out'),
  i18nKey('Issue 1000 - The dataset is too large to query.'),
  i18nKey('Issue 1001 - The database is under an unusual load.'),
  i18nKey('(no description, click to see stack trace)'),
] as const;

/** "Unexpected error: " + a description, as normalizeError writes it, in the active language. */
export function translateCoreMessage(message: string): string {
  const unexpected = /^Unexpected error: (.*)$/s.exec(message);
  if (unexpected) return t('Unexpected error: {{description}}', { description: t(unexpected[1] ?? '') });
  return t(message);
}
