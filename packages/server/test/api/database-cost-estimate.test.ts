// "Estimate cost" is offered where the engine can estimate and the database does not turn it off (Superset's
// Database.allows_cost_estimate); the database list and SQL Lab's bootstrap say so.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowsCostEstimate, ENGINES } from '../../src/engines/registry.js';
import { dataUri, type Session, startTestApp, type TestApp } from '../support/test-app.js';

describe('cost estimate of a database', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('each engine says whether it can estimate; ClickHouse 18.16 has no EXPLAIN', () => {
    expect(Object.fromEntries(ENGINES.map((engine) => [engine.name, engine.sqlLab.costEstimate]))).toEqual({
      duckdb: true,
      postgresql: true,
      mysql: true,
      sqlite: true,
      clickhouse: false,
    });
    expect(allowsCostEstimate('clickhouse', {})).toBe(false);
    expect(allowsCostEstimate('clickhouse', { cost_estimate_enabled: true })).toBe(false);
    expect(allowsCostEstimate('duckdb', {})).toBe(true);
    expect(allowsCostEstimate('duckdb', { cost_estimate_enabled: false })).toBe(false);
    expect(allowsCostEstimate('oracle', {})).toBe(false);
  });

  it('the database list and the SQL Lab bootstrap carry allows_cost_estimate, off where the extra turns it off', async () => {
    const create = async (name: string, extra?: string) => {
      const created = await admin.request({
        method: 'POST',
        url: '/api/v1/database/',
        payload: {
          database_name: name,
          sqlalchemy_uri: dataUri('sqlite', `${name.replaceAll(' ', '-')}.db`),
          ...(extra ? { extra } : {}),
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as number;
    };
    const on = await create('estimate on');
    const off = await create('estimate off', JSON.stringify({ cost_estimate_enabled: false }));

    const list = (await admin.request({ method: 'GET', url: '/api/v1/database/' })).json().result as Array<{
      id: number;
      allows_cost_estimate: boolean;
    }>;
    expect(list.find((row) => row.id === on)?.allows_cost_estimate).toBe(true);
    expect(list.find((row) => row.id === off)?.allows_cost_estimate).toBe(false);

    const databases = (await admin.request({ method: 'GET', url: '/api/v1/sqllab/' })).json().result.databases;
    expect(databases[String(on)].allows_cost_estimate).toBe(true);
    expect(databases[String(off)].allows_cost_estimate).toBe(false);
  });
});
