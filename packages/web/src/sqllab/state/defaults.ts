// SQL Lab's business constants and defaults (spec sql-editor §9), as pure functions of the bootstrap settings.
import type { BootstrapData } from '../../api/types';
import { i18nKey, t } from '../../i18n/i18n';

export const DEFAULT_SQL = 'SELECT ...';
/** Put before the default SQL when tabs live only in this browser. */
const PERSISTENCE_NOTE_TEXT = i18nKey(
  'Note: Unless you save your query, these tabs will NOT persist if you clear your cookies or change browsers.',
);
/** The note as English SQL; defaultSql writes it in the reader's language. */
export const PERSISTENCE_NOTE = `-- ${PERSISTENCE_NOTE_TEXT}\n\n`;
export const UNTITLED_QUERY = i18nKey('Untitled Query');
const UNTITLED_QUERY_N = i18nKey('Untitled Query {{number}}');
const COPY_OF = i18nKey('Copy of {{name}}');
export const SHARED_QUERY_NAME = i18nKey('Shared query');

export const SOUTH_PANE_RESULTS = 'Results';
export const SOUTH_PANE_HISTORY = 'History';

export const TAB_SYNC_INTERVAL_MS = 5000;
export const QUERY_POLL_INTERVAL_MS = 1000;
/** Server change times are read from the server's clock; ask for a little more than strictly needed. */
export const QUERY_UPDATE_BUFFER_MS = 5000;
export const LOCAL_QUERY_MAX_AGE_MS = 86_400_000;
export const LOCAL_QUERY_MAX_RESULTS_KB = 1024;
/** Fallback when the server does not say DEFAULT_SQLLAB_LIMIT (Superset's default). */
export const FALLBACK_QUERY_LIMIT = 1000;

/** The settings of the bootstrap that SQL Lab reads. */
export interface SqlLabConf {
  backendPersistence: boolean;
  defaultDbId: number | null;
  defaultQueryLimit: number;
  sqlMaxRow: number | null;
  /** SQLLAB_QUERY_RESULT_TIMEOUT in seconds; 0 means none. */
  resultTimeoutSeconds: number;
}

function positiveNumber(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : null;
}

export function sqlLabConfOf(common: BootstrapData['common'] | null | undefined): SqlLabConf {
  const conf = common?.conf ?? {};
  return {
    backendPersistence: common?.feature_flags.SQLLAB_BACKEND_PERSISTENCE === true,
    defaultDbId: positiveNumber(conf.SQLLAB_DEFAULT_DBID),
    defaultQueryLimit: positiveNumber(conf.DEFAULT_SQLLAB_LIMIT) ?? FALLBACK_QUERY_LIMIT,
    sqlMaxRow: positiveNumber(conf.SQL_MAX_ROW),
    resultTimeoutSeconds: positiveNumber(conf.SQLLAB_QUERY_RESULT_TIMEOUT) ?? 0,
  };
}

/** The placeholder SQL of a new tab, preceded by the non-persistence note when persistence is off. */
export function defaultSql(backendPersistence: boolean): string {
  return backendPersistence ? DEFAULT_SQL : `-- ${t(PERSISTENCE_NOTE_TEXT)}\n\n${DEFAULT_SQL}`;
}

/** SQLLAB_DEFAULT_DBID, else the tab's database, else the lowest database id. */
export function defaultDatabaseId(
  configured: number | null | undefined,
  tabDbId: number | null | undefined,
  databaseIds: readonly number[],
): number | undefined {
  if (configured) return configured;
  if (tabDbId) return tabDbId;
  return databaseIds.length > 0 ? Math.min(...databaseIds) : undefined;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "Untitled Query N" (in the reader's language), N being the highest number among existing names plus 1. */
export function newQueryTabName(existingNames: readonly string[]): string {
  const [before = '', after = ''] = t(UNTITLED_QUERY_N, { number: '\u0000' }).split('\u0000');
  const pattern = new RegExp(`^${escapeRegExp(before)}(\\d+)${escapeRegExp(after)}$`);
  let highest = 0;
  for (const name of existingNames) {
    const match = pattern.exec(name);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return t(UNTITLED_QUERY_N, { number: highest + 1 });
}

export function copyTabName(name: string | undefined): string {
  return t(COPY_OF, { name: name ?? '' }).trim();
}

/** The tab after (or before) the active one, wrapping around the list. */
export function cycleTabId(
  tabIds: readonly string[],
  activeId: string | undefined,
  backward: boolean,
): string | undefined {
  if (tabIds.length === 0) return undefined;
  const current = activeId === undefined ? -1 : tabIds.indexOf(activeId);
  if (current < 0) return tabIds[0];
  const next = backward ? (current - 1 + tabIds.length) % tabIds.length : (current + 1) % tabIds.length;
  return tabIds[next];
}
