// The JSON shapes of databases in list and detail answers (Superset's field names).
import { type DatabaseListItem, humanizeDelta } from '@nezha/core';
import { allowsCostEstimate, editorDialectOf } from '../engines/registry.js';
import { maskPassword, withPassword } from '../engines/uri.js';
import type { DatabaseWithAuthor } from '../store/databases.js';
import type { DatabaseRow } from '../store/schema.js';
import { parseExtra } from './connection-manager.js';

const PASSWORD_MASK = 'XXXXXXXXXX';

function person(first: string | null, last: string | null): { first_name: string; last_name: string } | null {
  return first === null && last === null ? null : { first_name: first ?? '', last_name: last ?? '' };
}

/** The stored URI shown with a mask where a password is kept, so the real one never leaves. */
function displayUri(row: Pick<DatabaseRow, 'sqlalchemy_uri' | 'password'>): string {
  return row.password ? maskPassword(withPassword(row.sqlalchemy_uri, PASSWORD_MASK)) : row.sqlalchemy_uri;
}

export function databaseListItem(row: DatabaseWithAuthor) {
  return {
    id: row.id,
    uuid: row.uuid,
    database_name: row.database_name,
    backend: row.backend,
    editor_dialect: editorDialectOf(row.backend),
    expose_in_sqllab: row.expose_in_sqllab === 1,
    allow_run_async: row.allow_run_async === 1,
    allow_dml: row.allow_dml === 1,
    allow_ctas: row.allow_ctas === 1,
    allow_cvas: row.allow_cvas === 1,
    allow_file_upload: row.allow_file_upload === 1,
    allows_cost_estimate: allowsCostEstimate(row.backend, parseExtra(row.extra)),
    disable_data_preview: row.disable_data_preview === 1,
    force_ctas_schema: row.force_ctas_schema,
    cache_timeout: row.cache_timeout,
    extra: row.extra,
    created_on: row.created_on,
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeDelta(row.changed_on),
    created_by: person(row.created_by_first_name, row.created_by_last_name),
    changed_by: person(row.changed_by_first_name, row.changed_by_last_name),
  } satisfies DatabaseListItem;
}

export function databaseDetail(row: DatabaseWithAuthor) {
  return { ...databaseListItem(row), sqlalchemy_uri: displayUri(row) };
}

export { PASSWORD_MASK };
