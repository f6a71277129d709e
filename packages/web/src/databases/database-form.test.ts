// The database dialog's engine placeholders, extra JSON check and payload.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCsrfToken } from '../api/csrf';
import { createDatabase, updateDatabase } from '../api/database-api';
import { mockServer } from '../api/test-server';
import {
  emptyFormValues,
  engineOfUri,
  engineOptionsOf,
  extraError,
  formValuesOf,
  payloadOf,
  placeholderOf,
  saveFailureText,
} from './database-form';

afterEach(() => {
  vi.unstubAllGlobals();
  clearCsrfToken();
});

/** Engines as the server lists them (GET /api/v1/database/available/): the web itself names none. */
const SERVER_ENGINES = engineOptionsOf({
  databases: [
    {
      engine: 'postgresql',
      name: 'PostgreSQL',
      sqlalchemy_uri_placeholder: 'postgresql://user:password@host:5432/database',
      schemes: ['postgresql', 'postgres'],
    },
    {
      engine: 'mysql',
      name: 'MySQL / MariaDB',
      sqlalchemy_uri_placeholder: 'mysql://user:password@host:3306/database',
      schemes: ['mysql', 'mariadb'],
    },
    {
      engine: 'duckdb',
      name: 'DuckDB',
      sqlalchemy_uri_placeholder: 'duckdb:////path/to/file.duckdb',
      schemes: ['duckdb'],
    },
  ],
});

describe('database form', () => {
  it("shows each engine's placeholder URI, the first engine's when none is chosen", () => {
    expect(placeholderOf('postgresql', SERVER_ENGINES)).toBe('postgresql://user:password@host:5432/database');
    expect(placeholderOf('mysql', SERVER_ENGINES)).toBe('mysql://user:password@host:3306/database');
    expect(placeholderOf(undefined, SERVER_ENGINES)).toBe('postgresql://user:password@host:5432/database');
    expect(placeholderOf(undefined, [])).toBe('');
  });

  it('recognises the engine of a URI, drivers included', () => {
    expect(engineOfUri('postgresql+psycopg2://u@h/db', SERVER_ENGINES)).toBe('postgresql');
    expect(engineOfUri('postgres://u@h/db', SERVER_ENGINES)).toBe('postgresql');
    expect(engineOfUri('duckdb:////tmp/x.duckdb', SERVER_ENGINES)).toBe('duckdb');
    expect(engineOfUri('oracle://x', SERVER_ENGINES)).toBeUndefined();
    expect(engineOfUri('', SERVER_ENGINES)).toBeUndefined();
  });

  it('accepts empty extra or a JSON object', () => {
    expect(extraError('')).toBeNull();
    expect(extraError('  ')).toBeNull();
    expect(extraError('{"engine_params": {}}')).toBeNull();
  });

  it('refuses extra that is not JSON, or JSON that is not an object', () => {
    expect(extraError('{oops')).toMatch(/^Invalid JSON/);
    expect(extraError('[1]')).toBe('Extra must be a JSON object');
    expect(extraError('3')).toBe('Extra must be a JSON object');
  });

  it('exposes a new database in SQL Lab by default', () => {
    expect(emptyFormValues().expose_in_sqllab).toBe(true);
  });

  it('sends every flag, trims names and compacts extra', () => {
    const payload = payloadOf({
      ...emptyFormValues(),
      database_name: ' warehouse ',
      sqlalchemy_uri: 'postgresql://u:XXXXXXXXXX@h:5432/db ',
      allow_dml: true,
      extra: '{\n  "a": 1\n}',
    });
    expect(payload).toEqual({
      database_name: 'warehouse',
      sqlalchemy_uri: 'postgresql://u:XXXXXXXXXX@h:5432/db',
      expose_in_sqllab: true,
      allow_run_async: false,
      allow_dml: true,
      allow_ctas: false,
      allow_cvas: false,
      disable_data_preview: false,
      extra: '{"a":1}',
    });
  });

  it('leaves extra out when it is empty', () => {
    expect(payloadOf({ ...emptyFormValues(), database_name: 'x', sqlalchemy_uri: 'y' }).extra).toBeUndefined();
  });

  it('fills the form from a stored database, masked password and all', () => {
    const values = formValuesOf({
      id: 1,
      database_name: 'examples',
      backend: 'duckdb',
      sqlalchemy_uri: 'duckdb:////data/examples.duckdb',
      expose_in_sqllab: true,
      allow_run_async: false,
      allow_dml: false,
      allow_ctas: false,
      allow_cvas: false,
      disable_data_preview: false,
      extra: '{"metadata_cache_timeout": {}}',
    });
    expect(values.engine).toBe('duckdb');
    expect(values.extra).toBe('{\n  "metadata_cache_timeout": {}\n}');
  });

  it("offers the server's engines, matching a full scheme before its bare driver name", () => {
    const engines = engineOptionsOf({
      databases: [
        {
          engine: 'clickhouse',
          name: 'ClickHouse',
          sqlalchemy_uri_placeholder: 'clickhousedb://user:password@host:8123/database',
          schemes: ['clickhousedb', 'clickhouse', 'clickhousedb+connect'],
        },
      ],
    });
    expect(engines).toEqual([
      {
        key: 'clickhouse',
        label: 'ClickHouse',
        placeholder: 'clickhousedb://user:password@host:8123/database',
        schemes: ['clickhousedb', 'clickhouse', 'clickhousedb+connect'],
      },
    ]);
    expect(engineOfUri('clickhousedb+connect://u@h:8123/db', engines)).toBe('clickhouse');
    expect(engineOfUri('clickhouse://u@h:8123/db', engines)).toBe('clickhouse');
    expect(engineOfUri('postgresql://u@h/db', engines)).toBeUndefined();
    expect(placeholderOf('clickhouse', engines)).toBe('clickhousedb://user:password@host:8123/database');
  });
});

describe('a failed database save', () => {
  it('says so in the spec’s words, with the server’s field messages or its reason', async () => {
    mockServer({
      'POST /api/v1/database/': {
        status: 422,
        body: { message: { database_name: ['A database with the same name already exists.'] } },
      },
      'PUT /api/v1/database/3': { status: 500, body: { message: 'Connection refused' } },
      'PUT /api/v1/database/4': { status: 403, body: { message: 'Forbidden' } },
    });
    const payload = payloadOf({ ...emptyFormValues(), database_name: 'x', sqlalchemy_uri: 'sqlite://' });
    const failureOf = (promise: Promise<unknown>) =>
      promise.then(
        () => expect.fail('the save should fail'),
        (e) => e,
      );
    expect(saveFailureText(await failureOf(createDatabase(payload)))).toBe(
      'Sorry, there was an error saving this database: A database with the same name already exists.',
    );
    expect(saveFailureText(await failureOf(updateDatabase(3, payload)))).toBe(
      'Sorry, there was an error saving this database: Connection refused',
    );
    expect(saveFailureText(await failureOf(updateDatabase(4, payload)))).toBe(
      'You do not have permission to edit this database',
    );
    expect(saveFailureText(new Error(' '))).toBe('Sorry, an unknown error occurred.');
  });
});
