// Issue #11: user SQL mistakes answer 4xx with the engine's words; NUL, lone surrogates, CHECKPOINT and USE refused.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  execute,
  newClientId,
  type RegisteredDatabase,
  registerDatabase,
  run,
  SQLLAB_ENGINES,
  useEngineDatabases,
} from '../api/sqllab-harness.js';
import { variant } from '../engines/engine-fixtures.js';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
});
afterAll(() => t?.close());

for (const engine of SQLLAB_ENGINES) {
  describe.skipIf(!engine.available)(engine.title('SQL errors and refused text'), () => {
    const e = useEngineDatabases(
      () => t,
      () => admin,
      engine,
    );
    const numsCount = async () =>
      Number((await run(admin, e.dml.id, `SELECT count(*) AS c FROM ${e.nums}`)).json().data[0].c);

    it('an unknown function is a 400 carrying the engine message', async () => {
      const call = await execute(admin, { database_id: e.db.id, sql: 'SELECT nz_no_such_fn(1) AS x', runAsync: false });
      expect(call.status, call.response.body).toBe(400);
      const error = call.json().errors[0];
      expect(error.error_type).toBe('OBJECT_DOES_NOT_EXIST_ERROR');
      expect(error.message.toLowerCase()).toContain('nz_no_such_fn');
      expect(error.message).toContain(error.extra.driver_message);
    });

    it('a parser error is a 400 SYNTAX_ERROR carrying the engine message', async () => {
      const call = await execute(admin, { database_id: e.db.id, sql: 'SELECT FROM WHERE ((', runAsync: false });
      expect(call.status, call.response.body).toBe(400);
      const error = call.json().errors[0];
      expect(error.error_type).toBe('SYNTAX_ERROR');
      expect(error.message).toContain(error.extra.driver_message);
    });

    it('a statement the engine refuses for another reason is a 400, not a 500', async () => {
      // Division of text by a date: a type error on the servers and DuckDB, NULL arithmetic on SQLite.
      const call = await execute(admin, {
        database_id: e.db.id,
        sql: `SELECT CAST('not a number' AS INTEGER) + day AS x FROM ${e.nums}`,
        runAsync: false,
      });
      if (call.status !== 200) {
        expect(call.status, call.response.body).toBe(400);
        expect(call.json().errors[0].extra.driver_message.length).toBeGreaterThan(0);
      }
    });

    it('SQL with a NUL character is refused with a 400 before anything runs', async () => {
      const call = await execute(admin, {
        database_id: e.dml.id,
        sql: `SELECT 1 AS a\u0000; DELETE FROM ${e.nums}`,
        runAsync: false,
      });
      // Refused where every route's input is checked (api/text-guard.ts), naming the field.
      expect(call.status, call.response.body).toBe(400);
      expect(call.json().message.sql[0]).toContain('NUL');
      expect(await numsCount()).toBe(30);
    });

    it('SQL with a lone surrogate (no UTF-8 form) is refused with a 400, async runs too', async () => {
      for (const escaped of ['\\ud800', 'x\\udc00']) {
        // JSON carries the surrogate as an escape; the string the server parses holds it as it is.
        const body = `{"client_id":"${newClientId()}","database_id":${e.db.id},"sql":"SELECT '${escaped}' AS a","runAsync":true}`;
        const response = await admin.request({
          method: 'POST',
          url: '/api/v1/sqllab/execute/',
          headers: { 'content-type': 'application/json' },
          payload: body,
        });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().message.sql[0]).toContain('lone surrogate');
      }
      const emoji = await run(admin, e.db.id, "SELECT '😀' AS a");
      expect(emoji.json().data[0].a).toBe('😀');
    });

    it('a body with bytes that are not UTF-8 is refused with a 400, not run with replacement characters', async () => {
      const head = Buffer.from(`{"client_id":"${newClientId()}","database_id":${e.db.id},"sql":"SELECT '`);
      const tail = Buffer.from(`' AS a"}`);
      const response = await admin.request({
        method: 'POST',
        url: '/api/v1/sqllab/execute/',
        headers: { 'content-type': 'application/json' },
        payload: Buffer.concat([head, Buffer.from([0xed, 0xa0, 0x80, 0xff]), tail]),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain('not valid UTF-8');
    });

    it('CHECKPOINT and USE count as changes where DML is off', async () => {
      for (const sql of ['CHECKPOINT', 'USE nz_elsewhere', 'ANALYZE']) {
        const call = await execute(admin, { database_id: e.db.id, sql, runAsync: false });
        expect(call.status, `${sql}: ${call.response.body}`).toBe(400);
        expect(call.json().errors[0].error_type).toBe('DML_NOT_ALLOWED_ERROR');
      }
    });

    if (engine.name === 'postgresql' || engine.name === 'mysql') {
      describe('a connection whose user lacks a privilege', () => {
        const user = `nz_np_${randomBytes(3).toString('hex')}`;
        let limited: RegisteredDatabase;
        let hidden: string;

        beforeAll(async () => {
          const probe = e.probe;
          if (!probe) throw new Error('server engines have a probe connection');
          hidden = e.table('hidden');
          await run(admin, e.dml.id, `CREATE TABLE ${hidden} (secret VARCHAR(20))`);
          await run(admin, e.dml.id, `INSERT INTO ${hidden} VALUES ('nz-hidden-value')`);
          if (engine.name === 'postgresql') {
            await probe.execute(`CREATE ROLE ${user} LOGIN`);
            await probe.execute(`GRANT SELECT ON ${e.nums} TO ${user}`);
            limited = await registerDatabase(admin, {
              database_name: `limited-${e.label}`,
              sqlalchemy_uri: variant(e.uri, { username: user }),
              expose_in_sqllab: true,
            });
          } else {
            const password = `pw-${user}`;
            await probe.execute(`CREATE USER '${user}'@'%' IDENTIFIED BY '${password}'`);
            const database = new URL(e.uri).pathname.slice(1);
            await probe.execute(`GRANT SELECT ON \`${database}\`.${e.nums} TO '${user}'@'%'`);
            limited = await registerDatabase(admin, {
              database_name: `limited-${e.label}`,
              sqlalchemy_uri: variant(e.uri, { username: user, password }),
              expose_in_sqllab: true,
            });
          }
        });
        afterAll(async () => {
          if (limited) await t.ctx.connections.evict(limited.id);
          const drop =
            engine.name === 'postgresql'
              ? [`REVOKE ALL ON ${e.nums} FROM ${user}`, `DROP ROLE IF EXISTS ${user}`]
              : [`DROP USER IF EXISTS '${user}'@'%'`];
          for (const sql of drop) await e.probe?.execute(sql).catch(() => undefined);
        });

        it('reading a table it may not read is a 400 DATABASE_SECURITY_ACCESS_ERROR with the engine message', async () => {
          const allowed = await run(admin, limited.id, `SELECT count(*) AS c FROM ${e.nums}`);
          expect(Number(allowed.json().data[0].c)).toBe(30);
          const call = await execute(admin, {
            database_id: limited.id,
            sql: `SELECT * FROM ${hidden}`,
            runAsync: false,
          });
          expect(call.status, call.response.body).toBe(400);
          const error = call.json().errors[0];
          expect(error.error_type).toBe('DATABASE_SECURITY_ACCESS_ERROR');
          expect(error.message).toContain(error.extra.driver_message);
          expect(error.extra.driver_message).toMatch(/permission denied|command denied/i);
          expect(call.response.body).not.toContain('nz-hidden-value');
        });
      });
    }
  });
}
