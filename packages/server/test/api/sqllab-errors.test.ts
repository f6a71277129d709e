// Bad SQL Lab input on every engine: the catalogue's error, the driver's words, a finished record, a server still up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';
import {
  type EngineDatabases,
  execute,
  healthy,
  newClientId,
  type RegisteredDatabase,
  recordByClientId,
  registerDatabase,
  run,
  SQLLAB_ENGINES,
  useEngineDatabases,
} from './sqllab-harness.js';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
});
afterAll(() => t?.close());

interface BadInput {
  name: string;
  body: (e: EngineDatabases, hidden: RegisteredDatabase) => Record<string, unknown>;
  status: number;
  type: string;
  /** Words the message must hold. */
  says: string;
  /** Whether a run record was created (and must have ended failed) or the request was refused before. */
  record: boolean;
  /** Whether the error came from the database, whose own text must be kept in the message. */
  fromDriver?: boolean;
}

const BAD_INPUTS: BadInput[] = [
  {
    name: 'empty SQL',
    body: (e) => ({ database_id: e.db.id, sql: '  \n ' }),
    status: 400,
    type: 'INVALID_SQL_ERROR',
    says: 'empty',
    record: false,
  },
  {
    name: 'SQL that is only a comment',
    body: (e) => ({ database_id: e.db.id, sql: '-- nothing to run' }),
    status: 400,
    type: 'INVALID_SQL_ERROR',
    says: 'empty',
    record: true,
  },
  {
    name: 'an unknown database_id',
    body: () => ({ database_id: 987654, sql: 'SELECT 1' }),
    status: 404,
    type: 'DATABASE_NOT_FOUND_ERROR',
    says: 'database was not found',
    record: false,
  },
  {
    name: 'a database not exposed in SQL Lab',
    body: (_e, hidden) => ({ database_id: hidden.id, sql: 'SELECT 1' }),
    status: 403,
    type: 'DATABASE_SECURITY_ACCESS_ERROR',
    says: 'not exposed in SQL Lab',
    record: false,
  },
  {
    name: 'SQL that does not parse',
    body: (e) => ({ database_id: e.db.id, sql: `SELECT n FROM ${e.nums} WHERE` }),
    status: 400,
    type: 'SYNTAX_ERROR',
    says: 'syntax',
    record: true,
    fromDriver: true,
  },
  {
    name: 'a typo in the first word where DML is off (never sent to the database)',
    body: (e) => ({ database_id: e.db.id, sql: `SELEC * FROM ${e.nums}` }),
    status: 400,
    type: 'SYNTAX_ERROR',
    says: 'Please check your query for syntax errors at or near "SELEC"',
    record: true,
  },
  {
    name: 'a statement starting with no word where DML is off',
    body: (e) => ({ database_id: e.db.id, sql: `SELECT 1;\n* FROM ${e.nums}` }),
    status: 400,
    type: 'SYNTAX_ERROR',
    says: 'syntax errors at or near "*"',
    record: true,
  },
  {
    name: 'a typo in the first word where DML is allowed (the engine says it)',
    body: (e) => ({ database_id: e.dml.id, sql: `SELEC * FROM ${e.nums}` }),
    status: 400,
    type: 'SYNTAX_ERROR',
    says: 'SELEC',
    record: true,
    fromDriver: true,
  },
  {
    name: 'a known statement that is not a read where DML is off',
    body: (e) => ({ database_id: e.db.id, sql: `DROP TABLE ${e.nums}` }),
    status: 400,
    type: 'DML_NOT_ALLOWED_ERROR',
    says: 'Only SELECT statements are allowed',
    record: true,
  },
  {
    name: 'a missing table',
    body: (e) => ({ database_id: e.db.id, sql: 'SELECT * FROM nz_no_such_table' }),
    status: 400,
    type: 'TABLE_DOES_NOT_EXIST_ERROR',
    says: 'nz_no_such_table',
    record: true,
    fromDriver: true,
  },
  {
    name: 'a missing column',
    body: (e) => ({ database_id: e.db.id, sql: `SELECT nz_no_such_column FROM ${e.nums}` }),
    status: 400,
    type: 'COLUMN_DOES_NOT_EXIST_ERROR',
    says: 'nz_no_such_column',
    record: true,
    fromDriver: true,
  },
  {
    name: 'DML on a database without allow_dml',
    body: (e) => ({ database_id: e.db.id, sql: `INSERT INTO ${e.nums} (n) VALUES (99)` }),
    status: 400,
    type: 'DML_NOT_ALLOWED_ERROR',
    says: 'Only SELECT statements are allowed',
    record: true,
  },
  {
    name: 'DML after a SELECT in one script',
    body: (e) => ({ database_id: e.db.id, sql: `SELECT 1 AS a; DELETE FROM ${e.nums}` }),
    status: 400,
    type: 'DML_NOT_ALLOWED_ERROR',
    says: 'Only SELECT statements are allowed',
    record: true,
  },
  {
    name: 'CTAS of a non-SELECT',
    body: (e) => ({ database_id: e.dml.id, sql: `DELETE FROM ${e.nums}`, select_as_cta: true, tmp_table_name: 'x' }),
    status: 400,
    type: 'INVALID_CTAS_QUERY_ERROR',
    says: 'last statement is a SELECT',
    record: true,
  },
  {
    name: 'CTAS where allow_ctas is off',
    body: (e) => ({ database_id: e.db.id, sql: `SELECT n FROM ${e.nums}`, select_as_cta: true }),
    status: 400,
    type: 'DML_NOT_ALLOWED_ERROR',
    says: 'CREATE TABLE AS is not allowed',
    record: true,
  },
  {
    name: 'CVAS where allow_cvas is off',
    body: (e) => ({ database_id: e.db.id, sql: `SELECT n FROM ${e.nums}`, select_as_cta: true, ctas_method: 'VIEW' }),
    status: 400,
    type: 'DML_NOT_ALLOWED_ERROR',
    says: 'CREATE VIEW AS is not allowed',
    record: true,
  },
];

for (const engine of SQLLAB_ENGINES) {
  describe.skipIf(!engine.available)(engine.title('SQL Lab bad input'), () => {
    const e = useEngineDatabases(
      () => t,
      () => admin,
      engine,
    );
    let hidden: RegisteredDatabase;
    const numsCount = async () =>
      Number((await run(admin, e.dml.id, `SELECT count(*) AS c FROM ${e.nums}`)).json().data[0].c);

    beforeAll(async () => {
      hidden = await registerDatabase(admin, {
        database_name: `hidden-${e.label}`,
        sqlalchemy_uri: e.uri,
        expose_in_sqllab: false,
      });
    });
    afterAll(() => t.ctx.connections.evict(hidden.id));

    it.each(BAD_INPUTS)('$name: $status $type', async (bad) => {
      const call = await execute(admin, bad.body(e, hidden));
      expect(call.status, call.response.body).toBe(bad.status);
      const error = call.json().errors[0];
      expect(error.error_type).toBe(bad.type);
      expect(error.message).toContain(bad.says);
      expect(call.json().message).toBe(error.message);
      if (bad.fromDriver) {
        // No engine text lost: the driver's own message follows the catalogue's explanation.
        expect(error.extra.driver_message.length).toBeGreaterThan(0);
        expect(error.message).toContain(error.extra.driver_message);
      }
      const record = await recordByClientId(admin, call.clientId);
      if (bad.record) {
        expect(record).toMatchObject({ state: 'failed', errorMessage: error.message });
        expect(record?.end_time).toEqual(expect.any(Number));
        const stored = record?.extra as { errors?: Array<{ error_type: string }> } | undefined;
        expect(stored?.errors?.[0]?.error_type).toBe(bad.type);
      } else {
        expect(record).toBeUndefined();
      }
      expect(await numsCount()).toBe(30);
      expect(await healthy(admin)).toBe(200);
    });

    it("errors and the executed SQL show the user's LIMIT, never the one more row asked of the engine", async () => {
      const ok = await run(admin, e.db.id, `SELECT n FROM ${e.nums} ORDER BY n LIMIT 5`);
      expect(ok.json().query).toMatchObject({ rows: 5, limit: 5 });
      expect(ok.json().query.executedSql).toBe(`SELECT n FROM ${e.nums} ORDER BY n LIMIT 5`);
      const bare = await run(admin, e.db.id, `SELECT n FROM ${e.nums} ORDER BY n`);
      expect(bare.json().query.executedSql).toBe(`SELECT n FROM ${e.nums} ORDER BY n LIMIT 1000`);
      for (const sql of [`SELECT nz_no_such_column FROM ${e.nums} LIMIT 5`, `SELECT n FROM ${e.nums} WHERE LIMIT 5`]) {
        const call = await execute(admin, { database_id: e.db.id, sql, runAsync: false });
        expect(call.status, call.response.body).toBe(400);
        const error = call.json().errors[0];
        expect(error.message).not.toContain('LIMIT 6');
        expect(error.extra.driver_message).not.toContain('LIMIT 6');
        const record = await recordByClientId(admin, call.clientId);
        expect(record).toMatchObject({ state: 'failed', executedSql: sql });
      }
      // DuckDB quotes the statement's line and MariaDB the text from the error on: both echo the LIMIT.
      if (engine.name === 'duckdb' || engine.name === 'mysql') {
        const call = await execute(admin, { database_id: e.db.id, sql: `SELECT n FROM ${e.nums} WHERE LIMIT 5` });
        expect(call.json().errors[0].message).toContain('LIMIT 5');
      }
    });

    it('CTAS and CVAS create a table and a view where allowed', async () => {
      for (const method of ['TABLE', 'VIEW'] as const) {
        const target = e.name(`ctas_${method.toLowerCase()}`);
        const call = await execute(admin, {
          database_id: e.dml.id,
          sql: `SELECT n, label FROM ${e.nums} WHERE n <= 5`,
          select_as_cta: true,
          ctas_method: method,
          tmp_table_name: target,
        });
        expect(call.status, call.response.body).toBe(200);
        expect(call.json().query).toMatchObject({
          state: 'success',
          ctas: true,
          ctas_method: method,
          tempTable: target,
        });
        expect(call.json().query.executedSql).toContain(`CREATE ${method}`);
        const read = await run(admin, e.db.id, `SELECT count(*) AS c, max(n) AS top FROM ${e.quote(target)}`);
        expect(Number(read.json().data[0].c)).toBe(5);
        expect(Number(read.json().data[0].top)).toBe(5);
      }
    });

    it('a duplicate client_id is refused and leaves the first run as it was', async () => {
      const first = await run(admin, e.db.id, `SELECT n FROM ${e.nums} WHERE n = 1`);
      const again = await execute(admin, {
        client_id: first.clientId,
        database_id: e.db.id,
        sql: `SELECT n FROM ${e.nums} WHERE n = 2`,
      });
      expect(again.status).toBe(400);
      expect(again.json().errors[0]).toMatchObject({
        error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR',
        message: 'A query with this client_id already exists.',
      });
      const record = await recordByClientId(admin, first.clientId);
      expect(record).toMatchObject({ state: 'success', sql: `SELECT n FROM ${e.nums} WHERE n = 1`, rows: 1 });
      expect(await healthy(admin)).toBe(200);
    });

    it('a malformed body is a 400 naming each bad field, and runs nothing', async () => {
      const clientId = newClientId();
      const response = await admin.request({
        method: 'POST',
        url: '/api/v1/sqllab/execute/',
        payload: { client_id: 'short', database_id: 'abc', sql: 5, runAsync: 'yes', queryLimit: -1 },
      });
      expect(response.statusCode).toBe(400);
      const message = response.json().message as Record<string, string[]>;
      expect(Object.keys(message).sort()).toEqual(['client_id', 'database_id', 'queryLimit', 'runAsync', 'sql']);
      expect(message.client_id).toEqual(['client_id must have 10 or 11 characters.']);
      const missing = await admin.request({
        method: 'POST',
        url: '/api/v1/sqllab/execute/',
        payload: { client_id: clientId },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatchObject({
        database_id: expect.any(Array),
        sql: ['Missing data for required field.'],
      });
      expect(await recordByClientId(admin, clientId)).toBeUndefined();
      expect(await healthy(admin)).toBe(200);
    });
  });
}
