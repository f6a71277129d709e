// Issue #11: CTAS/CVAS, async and templated SQL Lab runs pass every guard; the attacks that made an Alpha an Admin fail.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRoleByName } from '../../src/store/permissions.js';
import {
  execute,
  type RegisteredDatabase,
  registerDatabase,
  run,
  SQLLAB_ENGINES,
  useEngineDatabases,
  waitFor,
} from '../api/sqllab-harness.js';
import { addUser } from '../support/sqllab-fixtures.js';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
});
afterAll(() => t?.close());

/** How a run is asked for: the same script must be refused in every one of them. */
const MODES: Array<{ name: string; body: Record<string, unknown> }> = [
  { name: 'CTAS', body: { select_as_cta: true, ctas_method: 'TABLE', runAsync: false } },
  { name: 'CTAS async', body: { select_as_cta: true, ctas_method: 'TABLE', runAsync: true } },
  { name: 'CVAS', body: { select_as_cta: true, ctas_method: 'VIEW', runAsync: false } },
  { name: 'sync', body: { runAsync: false } },
  { name: 'async', body: { runAsync: true } },
];

interface Attack {
  name: string;
  /** The script; `{{ … }}` parts are rendered by the template engine before any guard runs. */
  sql: (p: { store: string; nums: string; userId: number; adminRoleId: number }) => string;
}

const ATTACKS: Attack[] = [
  {
    name: 'ATTACH the metadata store and read the password hashes',
    sql: (p) => `ATTACH '${p.store}' AS m; SELECT id, username, password FROM m.ab_user`,
  },
  {
    name: 'ATTACH the metadata store and read the sessions table',
    sql: (p) => `ATTACH '${p.store}' AS m; SELECT * FROM m.sessions`,
  },
  {
    name: 'ATTACH the metadata store and INSERT an Admin role for oneself',
    sql: (p) =>
      `ATTACH '${p.store}' AS m; INSERT INTO m.ab_user_role (user_id, role_id) VALUES (${p.userId}, ${p.adminRoleId}); SELECT 1 AS done`,
  },
  {
    name: 'DELETE on a database with DML off',
    sql: (p) => `DELETE FROM ${p.nums}; SELECT 1 AS done`,
  },
  {
    name: 'DELETE spelled by a template',
    sql: (p) => `{{ 'DEL' ~ 'ETE' }} FROM ${p.nums}; SELECT 1 AS done`,
  },
];

for (const engine of SQLLAB_ENGINES) {
  describe.skipIf(!engine.available)(engine.title('CTAS and SQL Lab guards'), () => {
    const e = useEngineDatabases(
      () => t,
      () => admin,
      engine,
    );
    /** CTAS and CVAS allowed, DML not: the configuration of the reported attack. */
    let ctasOnly: RegisteredDatabase;
    let alpha: { id: number; session: Session };
    let adminRoleId: number;
    let secrets: string[];

    const params = () => ({
      store: path.join(t.home, 'nezha.db'),
      nums: e.nums,
      userId: alpha.id,
      adminRoleId,
    });
    const rolesOf = async (userId: number) =>
      (await t.ctx.store.db.selectFrom('ab_user_role').select('role_id').where('user_id', '=', userId).execute())
        .map((r) => r.role_id)
        .sort();
    const numsCount = async () =>
      Number((await run(admin, e.dml.id, `SELECT count(*) AS c FROM ${e.nums}`)).json().data[0].c);
    const tableExists = async (name: string) =>
      (await execute(admin, { database_id: e.dml.id, sql: `SELECT 1 AS x FROM ${e.quote(name)}`, runAsync: false }))
        .status === 200;

    beforeAll(async () => {
      ctasOnly = await registerDatabase(admin, {
        database_name: `ctas-only-${e.label}`,
        sqlalchemy_uri: e.uri,
        expose_in_sqllab: true,
        allow_run_async: true,
        allow_ctas: true,
        allow_cvas: true,
        allow_dml: false,
      });
      const grants: Array<[string, string]> = [ctasOnly, e.db, e.dml].map((d) => [
        'database_access',
        `[${d.name}].(id:${d.id})`,
      ]);
      alpha = await addUser(t, `alpha_ctas_${e.label.replaceAll('-', '_')}`, ['Alpha', 'sql_lab'], grants);
      adminRoleId = (await findRoleByName(t.ctx.store.db, 'Admin'))?.id ?? 0;
      expect(adminRoleId).toBeGreaterThan(0);
      // What must never appear in an answer: password hashes and session ids of the metadata store.
      const users = await t.ctx.store.db.selectFrom('ab_user').select('password').execute();
      const sessions = await t.ctx.store.db.selectFrom('sessions').select(['id', 'csrf_token']).execute();
      secrets = [
        ...users.map((u) => u.password).filter((p): p is string => typeof p === 'string' && p.length > 0),
        ...sessions.flatMap((s) => [s.id, s.csrf_token]),
      ];
      expect(secrets.length).toBeGreaterThan(1);
    });
    afterAll(() => t.ctx.connections.evict(ctasOnly.id));

    for (const attack of ATTACKS) {
      it.each(MODES)(`${attack.name}: refused in $name mode, nothing read or changed`, async (mode) => {
        const rolesBefore = await rolesOf(alpha.id);
        const target = e.name('ctas_target');
        const call = await execute(alpha.session, {
          database_id: ctasOnly.id,
          sql: attack.sql(params()),
          tmp_table_name: target,
          ...mode.body,
        });
        expect(call.status, call.response.body).toBe(400);
        expect(call.json().errors[0].error_type).toBe('DML_NOT_ALLOWED_ERROR');
        for (const secret of secrets) expect(call.response.body).not.toContain(secret);
        // The record says failed: the job was never queued with the refused script.
        const record = await t.ctx.store.db
          .selectFrom('query')
          .select('status')
          .where('client_id', '=', call.clientId)
          .executeTakeFirst();
        expect(record?.status).toBe('failed');
        expect(await rolesOf(alpha.id)).toEqual(rolesBefore);
        expect(await rolesOf(alpha.id)).not.toContain(adminRoleId);
        expect(await numsCount()).toBe(30);
        expect(await tableExists(target)).toBe(false);
      });
    }

    it('ATTACH is refused even where DML, CTAS and CVAS are allowed; the roles stay as they were', async () => {
      for (const mode of MODES) {
        for (const attack of ATTACKS.slice(0, 3)) {
          const rolesBefore = await rolesOf(alpha.id);
          const call = await execute(alpha.session, {
            database_id: e.dml.id,
            sql: attack.sql(params()),
            tmp_table_name: e.name('ctas_dml_target'),
            ...mode.body,
          });
          const label = `${mode.name} ${attack.name}: ${call.response.body.slice(0, 300)}`;
          for (const secret of secrets) expect(call.response.body).not.toContain(secret);
          if (engine.name === 'sqlite') {
            // The guard itself refuses ATTACH on SQLite, before anything is queued.
            expect(call.status, label).toBe(400);
            expect(call.json().errors[0].error_type).toBe('DML_NOT_ALLOWED_ERROR');
          } else if (call.status === 202) {
            // DuckDB's connection refuses file access and the servers do not know ATTACH: the job fails.
            const record = await waitFor(
              async () =>
                await t.ctx.store.db
                  .selectFrom('query')
                  .select(['status', 'error_message'])
                  .where('client_id', '=', call.clientId)
                  .executeTakeFirst(),
              (r) => r?.status !== 'pending' && r?.status !== 'running',
            );
            expect(record?.status, label).toBe('failed');
            for (const secret of secrets) expect(record?.error_message ?? '').not.toContain(secret);
          } else {
            expect(call.status, label).toBeGreaterThanOrEqual(400);
            expect(call.status, label).toBeLessThan(500);
          }
          expect(await rolesOf(alpha.id)).toEqual(rolesBefore);
        }
      }
      expect(await rolesOf(alpha.id)).not.toContain(adminRoleId);
    });

    it('a CTAS of a plain SELECT still works where CTAS is allowed and DML is not', async () => {
      const target = e.name('ctas_ok');
      const call = await execute(alpha.session, {
        database_id: ctasOnly.id,
        sql: `SELECT n FROM ${e.nums} WHERE n <= 4`,
        select_as_cta: true,
        tmp_table_name: target,
        runAsync: false,
      });
      expect(call.status, call.response.body).toBe(200);
      const read = await run(admin, e.dml.id, `SELECT count(*) AS c FROM ${e.quote(target)}`);
      expect(Number(read.json().data[0].c)).toBe(4);
    });

    it('a cost estimate of a refused script is refused too', async () => {
      const response = await alpha.session.request({
        method: 'POST',
        url: '/api/v1/sqllab/estimate/',
        payload: { database_id: e.db.id, sql: `SELECT 1; DELETE FROM ${e.nums}` },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors[0].error_type).toBe('DML_NOT_ALLOWED_ERROR');
      expect(await numsCount()).toBe(30);
    });
  });
}
