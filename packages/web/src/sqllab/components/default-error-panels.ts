// The panels SQL Lab registers for the catalogue's error types; the generic panel covers the rest.
import type { ErrorType } from '@nezha/core';
import { SECURITY_ACCESS_ERROR_TYPES } from '@nezha/core';
import AccessErrorPanel from './AccessErrorPanel';
import DatabaseErrorPanel from './DatabaseErrorPanel';
import { type ErrorPanel, registerErrorPanelIfAbsent } from './error-panel-registry';
import OAuth2ErrorPanel from './OAuth2ErrorPanel';
import ParameterErrorPanel from './ParameterErrorPanel';
import QueryRejectedErrorPanel from './QueryRejectedErrorPanel';
import TimeoutErrorPanel from './TimeoutErrorPanel';

export const DEFAULT_ERROR_PANELS: ReadonlyArray<[readonly ErrorType[], ErrorPanel]> = [
  [
    [
      'GENERIC_DB_ENGINE_ERROR',
      'DATABASE_NOT_FOUND_ERROR',
      'TABLE_DOES_NOT_EXIST_ERROR',
      'COLUMN_DOES_NOT_EXIST_ERROR',
      'SCHEMA_DOES_NOT_EXIST_ERROR',
      'OBJECT_DOES_NOT_EXIST_ERROR',
      'SYNTAX_ERROR',
      'RESULTS_BACKEND_NOT_CONFIGURED_ERROR',
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
    ],
    DatabaseErrorPanel,
  ],
  [['MISSING_TEMPLATE_PARAMS_ERROR', 'INVALID_TEMPLATE_PARAMS_ERROR'], ParameterErrorPanel],
  [
    ['FRONTEND_TIMEOUT_ERROR', 'BACKEND_TIMEOUT_ERROR', 'SQLLAB_TIMEOUT_ERROR', 'CONNECTION_DATABASE_TIMEOUT'],
    TimeoutErrorPanel,
  ],
  [
    [
      'DML_NOT_ALLOWED_ERROR',
      'INVALID_CTAS_QUERY_ERROR',
      'INVALID_CVAS_QUERY_ERROR',
      'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR',
      'INVALID_SQL_ERROR',
    ],
    QueryRejectedErrorPanel,
  ],
  [SECURITY_ACCESS_ERROR_TYPES, AccessErrorPanel],
  [['OAUTH2_REDIRECT', 'OAUTH2_REDIRECT_ERROR'], OAuth2ErrorPanel],
];

export function registerDefaultErrorPanels(): void {
  for (const [types, panel] of DEFAULT_ERROR_PANELS) {
    for (const type of types) registerErrorPanelIfAbsent(type, panel);
  }
}
