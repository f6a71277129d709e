// Built-in roles as Superset draws them, attempted for real: Alpha runs no SQL without sql_lab and reads nobody's
// runs, a synced install takes all_query_access from an Alpha that had it, and only a dataset's owners extend it.
import { objectPermissionName } from '@nezha/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialize } from '../../src/app/init.js';
import { ensurePermissionView, findRoleByName, rolesOfUser } from '../../src/store/permissions.js';
import { execute, rison, run, runSettled } from '../api/sqllab-harness.js';
import { addDatabaseVia, addUser, create, runOn } from '../support/dataset-fixtures.js';
import { ADMIN, dataUri, type Session, startTestApp, type TestApp } from '../support/test-app.js';

const SECRET = 'launch-code-4242';

let t: TestApp;
let admin: Session;
let dbId: number;
let datasetId: number;
let alpha: { id: number; session: Session };
let alphaSqlLab: { id: number; session: Session };
let stranger: { id: number; session: Session };
let owner: { id: number; session: Session };

const countRows = async (table: 'query' | 'saved_columns' | 'measures' | 'cohorts') =>
  Number(
    (
      await t.ctx.store.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login();
  dbId = await addDatabaseVia(admin, 'vault', dataUri('duckdb', 'vault.duckdb'));
  await runOn(t, dbId, [
    'CREATE TABLE vault (id INTEGER, owner VARCHAR, secret VARCHAR, amount DOUBLE)',
    `INSERT INTO vault VALUES (1, 'ann', '${SECRET}', 10), (2, 'bob', 'other', 20)`,
  ]);
  const dataset = await create(admin, { database: dbId, schema: 'main', table_name: 'vault' });
  expect(dataset.statusCode, dataset.body).toBe(201);
  datasetId = dataset.json().id;
  const read: Array<[string, string]> = [
    ['datasource_access', objectPermissionName.datasource('vault', 'vault', datasetId)],
  ];
  alpha = await addUser(t, 'alpha', ['Alpha']);
  alphaSqlLab = await addUser(t, 'alpha_sql', ['Alpha', 'sql_lab']);
  stranger = await addUser(t, 'stranger', ['Gamma'], read);
  owner = await addUser(t, 'owner', ['Gamma'], read);
  const owned = await admin.request({
    method: 'PUT',
    url: `/api/v1/dataset/${datasetId}`,
    payload: { owners: [owner.id] },
  });
  expect(owned.statusCode, owned.body).toBe(200);
});
afterAll(() => t?.close());

describe('Alpha and SQL Lab', () => {
  it('Alpha without sql_lab cannot run SQL on any database: 403, and no run is recorded', async () => {
    const before = await countRows('query');
    const call = await execute(alpha.session, { database_id: dbId, sql: 'SELECT secret FROM vault', runAsync: false });
    expect(call.status).toBe(403);
    expect(call.response.body).not.toContain(SECRET);
    const estimate = await alpha.session.request({
      method: 'POST',
      url: '/api/v1/sqllab/estimate/',
      payload: { database_id: dbId, sql: 'SELECT secret FROM vault' },
    });
    expect(estimate.statusCode).toBe(403);
    expect(await countRows('query')).toBe(before);
  });

  it("Alpha with sql_lab runs SQL but cannot read another user's run, results or history", async () => {
    const mine = await runSettled(admin, dbId, 'SELECT secret FROM vault WHERE id = 1');
    const queryId = mine.json().query_id as number;
    const key = (await admin.request({ method: 'GET', url: `/api/v1/query/${queryId}` })).json().result.resultsKey;
    expect(key).toEqual(expect.any(String));
    // The owner reads the secret back, so each refusal below is of something that is there.
    const own = await admin.request({ method: 'GET', url: `/api/v1/sqllab/results/?q=${rison({ key })}` });
    expect(own.body).toContain(SECRET);

    const record = await alphaSqlLab.session.request({ method: 'GET', url: `/api/v1/query/${queryId}` });
    expect(record.statusCode).toBe(403);
    expect(record.body).not.toContain(SECRET);
    const results = await alphaSqlLab.session.request({
      method: 'GET',
      url: `/api/v1/sqllab/results/?q=${rison({ key })}`,
    });
    expect(results.statusCode).toBe(403);
    expect(results.body).not.toContain(SECRET);
    const history = await alphaSqlLab.session.request({ method: 'GET', url: '/api/v1/query/' });
    expect(history.statusCode).toBe(200);
    expect(history.body).not.toContain(SECRET);
    // Its own SQL still runs: sql_lab is what grants it.
    expect((await run(alphaSqlLab.session, dbId, 'SELECT count(*) AS n FROM vault')).json().data).toEqual([{ n: 2 }]);
  });

  it("an install whose Alpha held all_query_access loses it on init, and with it other users' runs", async () => {
    const alphaRole = await findRoleByName(t.ctx.store.db, 'Alpha');
    if (!alphaRole) throw new Error('no Alpha role');
    const pair = await ensurePermissionView(t.ctx.store.db, 'all_query_access', 'all_query_access');
    await t.ctx.store.db
      .insertInto('ab_permission_view_role')
      .values({ permission_view_id: pair, role_id: alphaRole.id })
      .execute();
    const queryId = (await run(admin, dbId, 'SELECT secret FROM vault WHERE id = 1')).json().query_id as number;
    // The old definition is what the store held: the leak this change closes.
    expect((await alphaSqlLab.session.request({ method: 'GET', url: `/api/v1/query/${queryId}` })).statusCode).toBe(
      200,
    );

    await initialize(t.ctx.store, { NEZHA_ADMIN_USERNAME: ADMIN.username, NEZHA_ADMIN_PASSWORD: ADMIN.password });

    const roles = await rolesOfUser(t.ctx.store.db, alphaSqlLab.id);
    expect(roles.Alpha).not.toContainEqual(['all_query_access', 'all_query_access']);
    expect(roles.Alpha).not.toContainEqual(['can_execute_sql_query', 'SQLLab']);
    const refused = await alphaSqlLab.session.request({ method: 'GET', url: `/api/v1/query/${queryId}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(SECRET);
  });
});

describe('extending a dataset one does not own', () => {
  const savedColumn = (name: string, formData: Record<string, unknown>) => ({
    method: 'POST' as const,
    url: '/api/v1/dataset/saved_column/',
    payload: { table_id: datasetId, column_name: name, expression: 'amount', form_data: formData },
  });
  const measure = (name: string) => ({
    method: 'POST' as const,
    url: '/api/v1/measure/',
    payload: {
      datasource_id: datasetId,
      datasource_type: 'table',
      viz_type: 'measure',
      measure_name: name,
      params: {
        viz_type: 'measure',
        metrics: [{ expressionType: 'SIMPLE', label: name, column: { column_name: 'amount' }, aggregate: 'SUM' }],
      },
    },
  });
  const cohort = (name: string) => ({
    method: 'POST' as const,
    url: '/api/v1/cohort/',
    payload: {
      datasource_id: datasetId,
      datasource_type: 'table',
      viz_type: 'cohort',
      cohort_name: name,
      actor: 'owner',
    },
  });

  it('Gamma with read access cannot add saved or calculated columns, measures or cohorts: 403, nothing stored', async () => {
    const before = await Promise.all([countRows('saved_columns'), countRows('measures'), countRows('cohorts')]);
    const attempts = [
      savedColumn('doubled', { viz_type: 'saved_column' }),
      savedColumn('calculated', { viz_type: 'calculated_column' }),
      measure('Total'),
      cohort('Owners'),
    ];
    for (const attempt of attempts) {
      const response = await stranger.session.request(attempt);
      expect(response.statusCode, `${attempt.url} ${response.body}`).toBe(403);
      expect(response.json().errors[0]).toMatchObject({
        error_type: 'MISSING_OWNERSHIP_ERROR',
        message: "You don't have the rights to alter vault",
      });
    }
    expect(await Promise.all([countRows('saved_columns'), countRows('measures'), countRows('cohorts')])).toEqual(
      before,
    );
    // Reading the dataset is still allowed: the refusal is about changing it.
    expect((await stranger.session.request({ method: 'GET', url: `/api/v1/dataset/${datasetId}` })).statusCode).toBe(
      200,
    );
  });

  it('the dataset owner may add them, and an admin may without owning it', async () => {
    const byOwner = [
      savedColumn('owner_col', { viz_type: 'saved_column' }),
      measure('Owner total'),
      cohort('Owner set'),
    ];
    for (const attempt of byOwner) {
      const response = await owner.session.request(attempt);
      expect(response.statusCode, `${attempt.url} ${response.body}`).toBe(201);
    }
    const byAdmin = await admin.request(savedColumn('admin_col', { viz_type: 'calculated_column' }));
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
  });

  it("a measure's owner cannot move it to a dataset they read but do not own", async () => {
    const created = await owner.session.request(measure('Movable'));
    const id = created.json().id as number;
    const other = await create(admin, {
      database: dbId,
      schema: 'main',
      table_name: 'vault_view',
      sql: 'SELECT * FROM vault',
    });
    expect(other.statusCode, other.body).toBe(201);
    const otherId = other.json().id as number;
    // The owner may read the other dataset, so what refuses the move is ownership alone.
    const grants = await findRoleByName(t.ctx.store.db, 'owner_grants');
    if (!grants) throw new Error('no owner_grants role');
    const pair = await ensurePermissionView(
      t.ctx.store.db,
      'datasource_access',
      objectPermissionName.datasource('vault', 'vault_view', otherId),
    );
    await t.ctx.store.db
      .insertInto('ab_permission_view_role')
      .values({ permission_view_id: pair, role_id: grants.id })
      .execute();
    const moved = await owner.session.request({
      method: 'PUT',
      url: `/api/v1/measure/${id}`,
      payload: { datasource_id: otherId, datasource_type: 'table' },
    });
    expect(moved.statusCode, moved.body).toBe(403);
    expect(moved.json().errors[0].error_type).toBe('MISSING_OWNERSHIP_ERROR');
    const stored = await t.ctx.store.db
      .selectFrom('measures')
      .select('datasource_id')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(stored?.datasource_id).toBe(datasetId);
  });
});
