// The examples database holds only example tables: Nezha's load record is out of reach of SQL Lab and the
// metadata endpoints, by name, by listing and by reading its file.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadExamples, loadRecordFile } from '../../src/examples/index.js';
import { EXAMPLES_FILE, registerExamplesDatabase } from '../../src/examples/register.js';
import { execute, rison } from '../api/sqllab-harness.js';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';

describe('the examples load record', () => {
  let t: TestApp;
  let admin: Session;
  let examplesId: number;
  let recordFile: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login();
    const databasePath = path.join(t.home, EXAMPLES_FILE);
    await loadExamples({ databasePath, only: ['monarchs'] });
    recordFile = loadRecordFile(databasePath);
    examplesId = (await registerExamplesDatabase(t.ctx.store)).id;
  });
  afterAll(() => t?.close());

  it('is kept in a file beside the database, inside NEZHA_HOME', () => {
    expect(existsSync(recordFile)).toBe(true);
    expect(path.dirname(recordFile)).toBe(t.home);
  });

  it('is not a schema or table of the examples database', async () => {
    const schemas = await admin.request({ method: 'GET', url: `/api/v1/database/${examplesId}/schemas/` });
    expect(schemas.statusCode, schemas.body).toBe(200);
    expect(schemas.json().result).not.toContain('nezha_meta');
    const tables = await admin.request({
      method: 'GET',
      url: `/api/v1/database/${examplesId}/tables/?q=${rison({ schema_name: 'main' })}`,
    });
    expect(tables.json().result.map((table: { value: string }) => table.value)).toEqual(['monarchs']);
  });

  it('cannot be read from SQL Lab by its old names, through the catalog or as a file', async () => {
    for (const sql of [
      'SELECT * FROM nezha_meta._nezha_examples',
      'SELECT * FROM main._nezha_examples',
      `SELECT * FROM read_json('${recordFile}')`,
      `SELECT * FROM read_text('${recordFile}')`,
    ]) {
      const call = await execute(admin, { database_id: examplesId, sql, runAsync: false });
      expect(call.status, sql).toBeGreaterThanOrEqual(400);
      expect(call.status, sql).toBeLessThan(500);
      expect(call.response.body, sql).not.toContain('vega-datasets@');
    }
    const catalog = await execute(admin, {
      database_id: examplesId,
      sql: 'SELECT schema_name, table_name FROM duckdb_tables() ORDER BY ALL',
      runAsync: false,
    });
    expect(catalog.status).toBe(200);
    expect(catalog.json().data).toEqual([{ schema_name: 'main', table_name: 'monarchs' }]);
  });
});
