// NUL characters, lone surrogates and invalid UTF-8 in the text fields of create/update APIs: a 400 naming the
// field, and nothing stored, on every metadata store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE, SURROGATE_MESSAGE } from '../../src/api/text-guard.js';
import type { MetadataSchema } from '../../src/store/schema.js';
import { suiteTitle } from '../support/services.js';
import { addDatabase, STORE_BACKENDS } from '../support/sqllab-fixtures.js';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';

type Table = keyof MetadataSchema &
  ('slices' | 'dashboards' | 'saved_query' | 'dbs' | 'ab_user' | 'ab_role' | 'tables');

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.url)(
    suiteTitle(`text input checks on ${backend.name}`, backend.url, backend.variable),
    () => {
      let t: TestApp;
      let drop: () => Promise<void>;
      let admin: Session;
      let dbId: number;

      const count = async (table: Table) =>
        Number(
          (
            await t.ctx.store.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );

      beforeAll(async () => {
        const opened = await backend.open();
        drop = opened.drop;
        t = await startTestApp(opened.storeUrl ? { storeUrl: opened.storeUrl } : {});
        admin = await t.login();
        dbId = (await addDatabase(t, 'warehouse')).id;
      });
      afterAll(async () => {
        await t.close();
        await drop();
      });

      const creates: Array<{
        what: string;
        url: string;
        table: Table;
        payload: (bad: string) => object;
        field: string;
      }> = [
        {
          what: 'chart name',
          url: '/api/v1/chart/',
          table: 'slices',
          payload: (bad) => ({ slice_name: bad, viz_type: 'table', datasource_id: 1, datasource_type: 'table' }),
          field: 'slice_name',
        },
        {
          what: 'dashboard title',
          url: '/api/v1/dashboard/',
          table: 'dashboards',
          payload: (bad) => ({ dashboard_title: bad }),
          field: 'dashboard_title',
        },
        {
          what: 'saved query description',
          url: '/api/v1/saved_query/',
          table: 'saved_query',
          payload: (bad) => ({ label: 'q', description: bad, sql: 'SELECT 1', db_id: dbId }),
          field: 'description',
        },
        {
          what: 'database name',
          url: '/api/v1/database/',
          table: 'dbs',
          payload: (bad) => ({ database_name: bad, sqlalchemy_uri: 'duckdb:///:memory:' }),
          field: 'database_name',
        },
        {
          what: 'dataset table name',
          url: '/api/v1/dataset/',
          table: 'tables',
          payload: (bad) => ({ database: dbId, table_name: bad }),
          field: 'table_name',
        },
        {
          what: 'user first name',
          url: '/api/v1/security/users/',
          table: 'ab_user',
          payload: (bad) => ({ username: 'eve', first_name: bad, email: 'eve@example.com', password: 'eve-password' }),
          field: 'first_name',
        },
        {
          what: 'role name',
          url: '/api/v1/security/roles/',
          table: 'ab_role',
          payload: (bad) => ({ name: bad }),
          field: 'name',
        },
      ];

      for (const create of creates) {
        it(`a NUL or a lone surrogate in a ${create.what} is a 400 and stores nothing`, async () => {
          const before = await count(create.table);
          const nul = await admin.request({
            method: 'POST',
            url: create.url,
            payload: create.payload('evil\u0000name'),
          });
          expect(nul.statusCode).toBe(400);
          expect(nul.json().message).toEqual({ [create.field]: [NUL_MESSAGE] });
          // JSON.stringify would escape the surrogate as \ud800; it is what a client sends on the wire.
          const surrogate = await admin.request({
            method: 'POST',
            url: create.url,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(create.payload('evil\ud800name')),
          });
          expect(surrogate.statusCode).toBe(400);
          expect(surrogate.json().message).toEqual({ [create.field]: [SURROGATE_MESSAGE] });
          expect(await count(create.table)).toBe(before);
        });
      }

      it('an update with a NUL is a 400 and leaves the dashboard as it was', async () => {
        const created = await admin.request({
          method: 'POST',
          url: '/api/v1/dashboard/',
          payload: { dashboard_title: 'Sales' },
        });
        expect(created.statusCode).toBe(201);
        const id = created.json().id as number;
        const update = await admin.request({
          method: 'PUT',
          url: `/api/v1/dashboard/${id}`,
          payload: {
            dashboard_title: 'Sales 2',
            slug: 'sales\u0000',
          },
        });
        expect(update.statusCode).toBe(400);
        expect(update.json().message).toEqual({ slug: [NUL_MESSAGE] });
        const row = await t.ctx.store.db
          .selectFrom('dashboards')
          .select('dashboard_title')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row.dashboard_title).toBe('Sales');
      });

      it('a body that is not valid UTF-8 is a 400, not text with replacement characters', async () => {
        const before = await count('dashboards');
        const body = Buffer.concat([
          Buffer.from('{"dashboard_title":"bad '),
          Buffer.from([0xc3, 0x28]),
          Buffer.from('"}'),
        ]);
        const response = await admin.request({
          method: 'POST',
          url: '/api/v1/dashboard/',
          headers: { 'content-type': 'application/json' },
          payload: body,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('The request body is not valid UTF-8.');
        expect(await count('dashboards')).toBe(before);
      });

      it('a NUL in a query string filter is a 400', async () => {
        const response = await admin.request({
          method: 'GET',
          url: `/api/v1/dashboard/?q=${encodeURIComponent("(filters:!((col:dashboard_title,opr:ct,value:'a\u0000b')))")}`,
        });
        expect(response.statusCode).toBe(400);
        expect(JSON.stringify(response.json())).toContain(NUL_MESSAGE);
      });
    },
  );
}
