// Each engine names its SQL editor dialect; the database list and SQL Lab's bootstrap serve it with the database.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, editorDialectOf } from '../../src/engines/registry.js';
import { dataUri, type Session, startTestApp, type TestApp } from '../support/test-app.js';

describe('editor dialect of a database', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('each engine names the dialect the editor had for it; an unknown backend gets standard SQL', () => {
    expect(Object.fromEntries(ENGINES.map((engine) => [engine.name, engine.editorDialect]))).toEqual({
      duckdb: 'PostgreSQL',
      postgresql: 'PostgreSQL',
      mysql: 'MySQL',
      sqlite: 'SQLite',
      clickhouse: 'StandardSQL',
    });
    expect(editorDialectOf('oracle')).toBe('StandardSQL');
  });

  it('the database list and the SQL Lab bootstrap carry the engine’s dialect', async () => {
    const created = await admin.request({
      method: 'POST',
      url: '/api/v1/database/',
      payload: { database_name: 'editor dialect sqlite', sqlalchemy_uri: dataUri('sqlite', 'editor-dialect.db') },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;

    const list = await admin.request({ method: 'GET', url: '/api/v1/database/' });
    const item = (list.json().result as Array<{ id: number; editor_dialect: string }>).find((row) => row.id === id);
    expect(item?.editor_dialect).toBe('SQLite');

    const bootstrap = await admin.request({ method: 'GET', url: '/api/v1/sqllab/' });
    expect(bootstrap.json().result.databases[String(id)]).toMatchObject({
      backend: 'sqlite',
      editor_dialect: 'SQLite',
    });
  });
});
