// What error panels read from an error: issue-code hints (Superset's, for errors that bring none), headline, access link.

import { type ErrorType, type NezhaErrorPayload, SECURITY_ACCESS_ERROR_TYPES } from '@nezha/core';
import { i18nKey } from '../../i18n/i18n';

export interface IssueCode {
  code: number;
  message: string;
}

const ISSUES: Record<number, string> = {
  1000: i18nKey('The dataset is too large to query.'),
  1001: i18nKey('The database is under an unusual load.'),
  1002: i18nKey('The database returned an unexpected error.'),
  1003: i18nKey('There is a syntax error in the SQL query. Perhaps there was a misspelling or a typo.'),
  1004: i18nKey('The column was deleted or renamed in the database.'),
  1005: i18nKey('The table was deleted or renamed in the database.'),
  1006: i18nKey('One or more parameters specified in the query are missing.'),
  1007: i18nKey("The hostname provided can't be resolved."),
  1008: i18nKey('The port is closed.'),
  1009: i18nKey("The host might be down, and can't be reached on the provided port."),
  1012: i18nKey('The username provided when connecting to a database is not valid.'),
  1013: i18nKey('The password provided when connecting to a database is not valid.'),
  1014: i18nKey('Either the username or the password is wrong.'),
  1015: i18nKey('Either the database is spelled incorrectly or does not exist.'),
  1016: i18nKey('The schema was deleted or renamed in the database.'),
  1017: i18nKey("The user doesn't have the proper permissions."),
  1018: i18nKey('One or more parameters needed to configure a database are missing.'),
  1021: i18nKey('Results backend needed for asynchronous queries is not configured.'),
  1022: i18nKey('Database does not allow data manipulation.'),
  1023: i18nKey(
    "CTAS (create table as select) doesn't have a SELECT statement at the end. Please make sure your query has a SELECT as its last statement. Then, try running your query again.",
  ),
  1024: i18nKey('CVAS (create view as select) query has more than one statement.'),
  1025: i18nKey('CVAS (create view as select) query is not a SELECT statement.'),
  1026: i18nKey('Query is too complex and takes too long to run.'),
  1027: i18nKey('The database is currently running too many queries.'),
  1028: i18nKey('One or more parameters specified in the query are malformed.'),
  1029: i18nKey('The object does not exist in the given database.'),
  1030: i18nKey('The query has a syntax error.'),
  1034: i18nKey('The port number is invalid.'),
  1036: i18nKey('The database was deleted.'),
};

const CODES_BY_TYPE: Partial<Record<ErrorType, number[]>> = {
  GENERIC_DB_ENGINE_ERROR: [1002],
  COLUMN_DOES_NOT_EXIST_ERROR: [1003, 1004],
  TABLE_DOES_NOT_EXIST_ERROR: [1003, 1005],
  SCHEMA_DOES_NOT_EXIST_ERROR: [1003, 1016],
  OBJECT_DOES_NOT_EXIST_ERROR: [1029],
  SYNTAX_ERROR: [1030],
  DATABASE_NOT_FOUND_ERROR: [1036],
  CONNECTION_INVALID_USERNAME_ERROR: [1012],
  CONNECTION_INVALID_PASSWORD_ERROR: [1013],
  CONNECTION_INVALID_HOSTNAME_ERROR: [1007],
  CONNECTION_PORT_CLOSED_ERROR: [1008],
  CONNECTION_INVALID_PORT_ERROR: [1034],
  CONNECTION_HOST_DOWN_ERROR: [1009],
  CONNECTION_ACCESS_DENIED_ERROR: [1014],
  CONNECTION_UNKNOWN_DATABASE_ERROR: [1015],
  CONNECTION_DATABASE_PERMISSIONS_ERROR: [1017],
  CONNECTION_MISSING_PARAMETERS_ERROR: [1018],
  CONNECTION_DATABASE_TIMEOUT: [1001, 1009],
  RESULTS_BACKEND_NOT_CONFIGURED_ERROR: [1021],
  DML_NOT_ALLOWED_ERROR: [1022],
  INVALID_CTAS_QUERY_ERROR: [1023],
  INVALID_CVAS_QUERY_ERROR: [1024, 1025],
  MISSING_TEMPLATE_PARAMS_ERROR: [1006],
  INVALID_TEMPLATE_PARAMS_ERROR: [1028],
  SQLLAB_TIMEOUT_ERROR: [1026, 1027],
  BACKEND_TIMEOUT_ERROR: [1000, 1001],
  FRONTEND_TIMEOUT_ERROR: [1000, 1001],
};

function isIssueCode(value: unknown): value is IssueCode {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.code === 'number' && typeof entry.message === 'string';
}

/** The error's own issue codes when it brings them, else the catalogue's for its type. */
export function issueCodesOf(error: Pick<NezhaErrorPayload, 'error_type' | 'extra'>): IssueCode[] {
  const own = error.extra?.issue_codes;
  if (Array.isArray(own) && own.length > 0) return own.filter(isIssueCode);
  return (CODES_BY_TYPE[error.error_type] ?? []).map((code) => ({
    code,
    message: `Issue ${code} - ${ISSUES[code] ?? ''}`,
  }));
}

/** A message's first line is its headline; the rest (often the driver's own words) is shown below it. */
export function splitMessage(message: string): { headline: string; rest: string | null } {
  const [headline = '', ...rest] = message.split('\n');
  const body = rest.join('\n').trim();
  return { headline, rest: body === '' ? null : body };
}

export function stringListOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function isAccessError(errorType: ErrorType): boolean {
  return (SECURITY_ACCESS_ERROR_TYPES as readonly ErrorType[]).includes(errorType);
}

/** Access errors offer "(Request Access)" when the error or its query carries a link. */
export function requestAccessLinkOf(
  error: Pick<NezhaErrorPayload, 'error_type' | 'extra'>,
  link?: string | null,
): string | null {
  if (!isAccessError(error.error_type)) return null;
  const own = error.extra?.link;
  return typeof own === 'string' && own !== '' ? own : link || null;
}

/** Where an OAUTH2_REDIRECT error sends the user to authorize: its extra.url, when it is an http(s) address. */
export function oauth2UrlOf(error: Pick<NezhaErrorPayload, 'error_type' | 'extra'>): string | null {
  if (error.error_type !== 'OAUTH2_REDIRECT') return null;
  const url = error.extra?.url;
  if (typeof url !== 'string') return null;
  try {
    const parsed = new URL(url);
    // A javascript: or data: address in a link would run in our origin.
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}
