// GET /api/v1/database/available/: the add-database dialog's engines come from the registry, ClickHouse included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../src/engines/registry.js';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';

describe('available engines', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('lists every engine of the registry with its placeholder and schemes', async () => {
    const response = await admin.request({ method: 'GET', url: '/api/v1/database/available/' });
    expect(response.statusCode, response.body).toBe(200);
    const { databases } = response.json() as {
      databases: Array<{ engine: string; name: string; sqlalchemy_uri_placeholder: string; schemes: string[] }>;
    };
    expect(databases.map((item) => item.engine)).toEqual(ENGINES.map((engine) => engine.name));
    expect(databases.find((item) => item.engine === 'clickhouse')).toEqual({
      engine: 'clickhouse',
      name: 'ClickHouse',
      sqlalchemy_uri_placeholder: 'clickhousedb://user:password@host:8123/database',
      schemes: ['clickhousedb', 'clickhouse', 'clickhousedb+connect', 'clickhouse+http', 'clickhouse+https'],
    });
  });

  it('takes a ClickHouse URI in the form Superset writes to the ClickHouse engine', async () => {
    // Creating tests the connection: a closed port proves the URI reached the ClickHouse engine and was mapped.
    const response = await admin.request({
      method: 'POST',
      url: '/api/v1/database/',
      payload: { database_name: 'ch_form', sqlalchemy_uri: 'clickhousedb://default@127.0.0.1:1/default' },
    });
    expect(response.statusCode, response.body).toBe(422);
    const error = response.json().errors[0];
    expect(error.error_type).toBe('CONNECTION_PORT_CLOSED_ERROR');
    expect(error.extra.engine_name).toBe('ClickHouse');
  });
});
