// The error catalogue of the spec (sql-editor.md §8), as one list shared by server and browser.

/** Error types raised in the browser before or instead of a server answer. */
export const FRONTEND_ERROR_TYPES = [
  'FRONTEND_CSRF_ERROR',
  'FRONTEND_NETWORK_ERROR',
  'FRONTEND_TIMEOUT_ERROR',
] as const;

/** Error types the server puts in `errors[].error_type` (Superset's SIP-40 names). */
export const BACKEND_ERROR_TYPES = [
  // database engine errors
  'GENERIC_DB_ENGINE_ERROR',
  'COLUMN_DOES_NOT_EXIST_ERROR',
  'TABLE_DOES_NOT_EXIST_ERROR',
  'SCHEMA_DOES_NOT_EXIST_ERROR',
  'CONNECTION_INVALID_USERNAME_ERROR',
  'CONNECTION_INVALID_PASSWORD_ERROR',
  'CONNECTION_INVALID_HOSTNAME_ERROR',
  'CONNECTION_PORT_CLOSED_ERROR',
  'CONNECTION_INVALID_PORT_ERROR',
  'CONNECTION_HOST_DOWN_ERROR',
  'CONNECTION_ACCESS_DENIED_ERROR',
  'CONNECTION_UNKNOWN_DATABASE_ERROR',
  'CONNECTION_DATABASE_PERMISSIONS_ERROR',
  'CONNECTION_MISSING_PARAMETERS_ERROR',
  'OBJECT_DOES_NOT_EXIST_ERROR',
  'SYNTAX_ERROR',
  'CONNECTION_DATABASE_TIMEOUT',
  // viz errors
  'VIZ_GET_DF_ERROR',
  'UNKNOWN_DATASOURCE_TYPE_ERROR',
  'FAILED_FETCHING_DATASOURCE_INFO_ERROR',
  // security access errors
  'TABLE_SECURITY_ACCESS_ERROR',
  'DATASOURCE_SECURITY_ACCESS_ERROR',
  'DATABASE_SECURITY_ACCESS_ERROR',
  'QUERY_SECURITY_ACCESS_ERROR',
  'MISSING_OWNERSHIP_ERROR',
  'USER_ACTIVITY_SECURITY_ACCESS_ERROR',
  'DASHBOARD_SECURITY_ACCESS_ERROR',
  'CHART_SECURITY_ACCESS_ERROR',
  'OAUTH2_REDIRECT',
  'OAUTH2_REDIRECT_ERROR',
  // other errors
  'BACKEND_TIMEOUT_ERROR',
  'DATABASE_NOT_FOUND_ERROR',
  // not Superset's: the metadata database could not be reached (503, the request may be tried again)
  'METADATA_STORE_UNAVAILABLE_ERROR',
  // sql lab errors
  'MISSING_TEMPLATE_PARAMS_ERROR',
  'INVALID_TEMPLATE_PARAMS_ERROR',
  'RESULTS_BACKEND_NOT_CONFIGURED_ERROR',
  'DML_NOT_ALLOWED_ERROR',
  'INVALID_CTAS_QUERY_ERROR',
  'INVALID_CVAS_QUERY_ERROR',
  'SQLLAB_TIMEOUT_ERROR',
  'RESULTS_BACKEND_ERROR',
  'ASYNC_WORKERS_ERROR',
  'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR',
  'INVALID_SQL_ERROR',
  // generic errors
  'GENERIC_COMMAND_ERROR',
  'GENERIC_BACKEND_ERROR',
  // api errors
  'INVALID_PAYLOAD_FORMAT_ERROR',
  'INVALID_PAYLOAD_SCHEMA_ERROR',
  'MARSHMALLOW_ERROR',
  // report errors
  'REPORT_NOTIFICATION_ERROR',
] as const;

export type FrontendErrorType = (typeof FRONTEND_ERROR_TYPES)[number];
export type BackendErrorType = (typeof BACKEND_ERROR_TYPES)[number];
export type ErrorType = FrontendErrorType | BackendErrorType;

export const ERROR_TYPES: readonly ErrorType[] = [...FRONTEND_ERROR_TYPES, ...BACKEND_ERROR_TYPES];

export type ErrorLevel = 'info' | 'warning' | 'error';

/** One entry of an error body's `errors` list (SIP-40). */
export interface NezhaErrorPayload {
  message: string;
  error_type: ErrorType;
  level: ErrorLevel;
  extra?: Record<string, unknown>;
}

export function isErrorType(value: unknown): value is ErrorType {
  return typeof value === 'string' && (ERROR_TYPES as readonly string[]).includes(value);
}

/** The access errors for which an error panel offers "(Request Access)". */
export const SECURITY_ACCESS_ERROR_TYPES: readonly BackendErrorType[] = [
  'TABLE_SECURITY_ACCESS_ERROR',
  'DATASOURCE_SECURITY_ACCESS_ERROR',
  'DATABASE_SECURITY_ACCESS_ERROR',
  'QUERY_SECURITY_ACCESS_ERROR',
  'MISSING_OWNERSHIP_ERROR',
  'USER_ACTIVITY_SECURITY_ACCESS_ERROR',
  'DASHBOARD_SECURITY_ACCESS_ERROR',
  'CHART_SECURITY_ACCESS_ERROR',
];
