// Importing a bundle in Superset's documented layout, and every bad input refused by name with nothing written.
import path from 'node:path';
import { buildQueryContext, type QueryFormData } from '@nezha/core';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ok, STORE_BACKENDS, title } from '../api/chart-harness.js';
import { addUser } from '../support/sqllab-fixtures.js';
import { dataUri, type Session, startTestApp, type TestApp } from '../support/test-app.js';
import {
  DASHBOARD_UUID,
  DATASET_UUID,
  DB_UUID,
  DECK_CHART_UUID,
  dashboardBundle,
  databaseConfig,
  datasetConfig,
  metadata,
  savedQueryConfig,
  TABLE_CHART_UUID,
  TOTAL_CHART_UUID,
  tableChartConfig,
  writeSampleDatabase,
} from './superset-fixtures.js';
import { importZip, rowCounts, zipOf } from './transfer-harness.js';

type Json = Record<string, unknown>;

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.url)(title('import of a Superset bundle', backend), () => {
    let t: TestApp;
    let admin: Session;
    let uri: string;
    let drop: () => Promise<void> = async () => undefined;

    beforeAll(async () => {
      const opened = await backend.open();
      drop = opened.drop;
      t = await startTestApp(opened.storeUrl ? { storeUrl: opened.storeUrl } : {});
      writeSampleDatabase(path.join(t.dataDir, 'imported.db'));
      uri = dataUri('sqlite', 'imported.db');
      admin = await t.login();
    });
    afterAll(async () => {
      await t?.close();
      await drop();
    });

    const expectRefused = async (
      kind: string,
      files: Record<string, unknown> | Uint8Array,
      status: number,
      fields: Record<string, string> = {},
    ) => {
      const before = await rowCounts(t);
      const response = await importZip(admin, kind, files instanceof Uint8Array ? files : zipOf(files), fields);
      expect(response.statusCode, response.body).toBe(status);
      expect(await rowCounts(t)).toEqual(before);
      expect(response.body).not.toMatch(/at .+\.(ts|js):\d+/);
      return response.json() as { errors: Array<{ message: string; extra: Json }> };
    };

    describe('bad input', () => {
      it('a file that is not a ZIP: 400 "Not a ZIP file"', async () => {
        const body = await expectRefused('dashboard', new Uint8Array(Buffer.from('just text, not a zip at all')), 400);
        expect(body.errors[0]?.message).toBe('Not a ZIP file');
      });

      it('a ZIP that is not an export (no metadata.yaml): 422 naming metadata.yaml', async () => {
        const body = await expectRefused('dashboard', { 'notes/readme.yaml': { hello: 'world' } }, 422);
        expect(body.errors[0]?.extra['metadata.yaml']).toMatch(/^Missing metadata.yaml/);
      });

      it('a wrong version: 422 with the version field of metadata.yaml', async () => {
        const files = { ...dashboardBundle(uri), 'metadata.yaml': metadata('Dashboard', '2.0.0') };
        const body = await expectRefused('dashboard', files, 422);
        expect(body.errors[0]?.extra['metadata.yaml']).toEqual({ version: ['Must be equal to 1.0.0.'] });
      });

      it('a bundle of another kind: 422 with the type field', async () => {
        const files = { ...dashboardBundle(uri), 'metadata.yaml': metadata('Slice') };
        const body = await expectRefused('dashboard', files, 422);
        expect(body.errors[0]?.extra['metadata.yaml']).toEqual({ type: ['Must be equal to Dashboard.'] });
      });

      it('a chart whose dataset is neither in the bundle nor on the server: 422 naming the chart file', async () => {
        const files = dashboardBundle(uri);
        delete files['datasets/imported_database/imported_dataset.yaml'];
        const body = await expectRefused('dashboard', files, 422);
        expect(body.errors[0]?.extra['charts/Deck_Path_43.yaml']).toEqual({
          dataset_uuid: [`Dataset ${DATASET_UUID} is not in the bundle and does not exist on this server`],
        });
      });

      it('a database exported without its password: 422 until `passwords` gives it', async () => {
        const files = {
          'metadata.yaml': metadata('Database'),
          'databases/pg.yaml': {
            ...databaseConfig('postgresql://scott:XXXXXXXXXX@db.example:5432/sales'),
            database_name: 'pg',
          },
        };
        const body = await expectRefused('database', files, 422);
        expect(body.errors[0]?.extra['databases/pg.yaml']).toEqual({
          _schema: ['Must provide a password for the database'],
        });

        const given = await importZip(admin, 'database', zipOf(files), {
          passwords: JSON.stringify({ 'databases/pg.yaml': 'tiger' }),
        });
        expect(given.statusCode, given.body).toBe(200);
        const row = await t.ctx.store.db
          .selectFrom('dbs')
          .selectAll()
          .where('uuid', '=', DB_UUID)
          .executeTakeFirstOrThrow();
        expect(row.sqlalchemy_uri).toBe('postgresql://scott@db.example:5432/sales');
        expect(row.password).not.toContain('tiger');
        expect(t.ctx.connections.connectionUri(row)).toBe('postgresql://scott:tiger@db.example:5432/sales');
        // Exported again, the password is masked as Superset masks it.
        const exported = await admin.request({ method: 'GET', url: `/api/v1/database/export/?q=!(${row.id})` });
        expect(exported.statusCode).toBe(200);
        expect(exported.rawPayload.toString('latin1')).not.toContain('tiger');
        await t.ctx.store.db.deleteFrom('dbs').where('id', '=', row.id).execute();
      });

      it('what the store keeps unique is checked across the bundle: uuids, column names', async () => {
        const dataset = datasetConfig();
        const columns = dataset.columns as Array<Record<string, unknown>>;
        const files = {
          ...dashboardBundle(uri),
          'datasets/imported_database/imported_dataset.yaml': { ...dataset, columns: [...columns, columns[0]] },
          'charts/Copy_46.yaml': tableChartConfig(),
        };
        const body = await expectRefused('dashboard', files, 422);
        expect(body.errors[0]?.extra['datasets/imported_database/imported_dataset.yaml']).toEqual({
          columns: ['Duplicate column names: cnt'],
        });
        expect(body.errors[0]?.extra['charts/Counts_by_region_45.yaml']).toEqual({
          uuid: [`The uuid ${TABLE_CHART_UUID} is also the one of charts/Copy_46.yaml`],
        });
      });

      it('invalid YAML: 422 naming the file', async () => {
        const files = { ...dashboardBundle(uri), 'charts/Total_count_44.yaml': 'slice_name: [unclosed' };
        const body = await expectRefused('dashboard', files, 422);
        expect(body.errors[0]?.extra['charts/Total_count_44.yaml']).toBe('Not a valid YAML file');
      });

      it("a missing required field: 422 with the field, Superset's message", async () => {
        const chart = tableChartConfig();
        delete chart.slice_name;
        const files = { ...dashboardBundle(uri), 'charts/Counts_by_region_45.yaml': chart };
        const body = await expectRefused('dashboard', files, 422);
        expect(body.errors[0]?.extra['charts/Counts_by_region_45.yaml']).toEqual({
          slice_name: ['Missing data for required field.'],
        });
      });

      it('a virtual dataset that writes: 422 naming the dataset file and its sql', async () => {
        const files = {
          ...dashboardBundle(uri),
          'datasets/imported_database/imported_dataset.yaml': {
            ...datasetConfig(),
            sql: 'DELETE FROM imported_dataset',
          },
        };
        const body = await expectRefused('dashboard', files, 422);
        expect(body.errors[0]?.extra['datasets/imported_database/imported_dataset.yaml']).toEqual({
          sql: ['Only `SELECT` statements are allowed'],
        });
      });

      it("a connection to Nezha's own files: 422 naming the database file", async () => {
        const files = dashboardBundle('sqlite:///nezha.db');
        const body = await expectRefused('dashboard', files, 422);
        const problem = body.errors[0]?.extra['databases/imported_database.yaml'] as Json;
        expect(String((problem.sqlalchemy_uri as string[])[0])).toMatch(/Nezha's own files/);
      });

      it('entry names that climb out of the folder are refused', async () => {
        const zip = zipSync({ 'export/metadata.yaml': strToU8('version: 1.0.0\n'), '../evil.yaml': strToU8('x: 1\n') });
        const body = await expectRefused('dashboard', zip, 400);
        expect(body.errors[0]?.message).toMatch(/^Unsafe entry name in the ZIP file: \.\.\/evil\.yaml/);
        const absolute = zipSync({ '/etc/evil.yaml': strToU8('x: 1\n') });
        expect((await expectRefused('dashboard', absolute, 400)).errors[0]?.message).toMatch(/absolute path/);
      });

      it('a zip bomb (a tiny entry inflating far beyond an export) is refused before it is inflated', async () => {
        const zeros = new Uint8Array(4 * 1024 * 1024);
        const zip = zipSync({ 'export/metadata.yaml': strToU8('version: 1.0.0\n'), 'export/charts/bomb.yaml': zeros });
        expect(zip.length).toBeLessThan(64 * 1024);
        const body = await expectRefused('dashboard', zip, 400);
        expect(body.errors[0]?.message).toMatch(/compressed too much/);
      });

      it('a Gamma user may import charts but not create the database and dataset they need: 403 by file', async () => {
        const gamma = await addUser(t, 'gamma_importer', ['Gamma']);
        const before = await rowCounts(t);
        const response = await importZip(gamma.session, 'dashboard', zipOf(dashboardBundle(uri)));
        expect(response.statusCode, response.body).toBe(403);
        const extra = response.json().errors[0].extra as Json;
        expect(extra['databases/imported_database.yaml']).toBe('Importing it needs can_write on Database');
        expect(extra['datasets/imported_database/imported_dataset.yaml']).toBe(
          'Importing it needs can_write on Dataset',
        );
        expect(await rowCounts(t)).toEqual(before);
      });
    });

    describe('a good bundle', () => {
      beforeEach(async () => {
        await t.ctx.store.db.deleteFrom('dashboards').execute();
        await t.ctx.store.db.deleteFrom('slices').execute();
        await t.ctx.store.db.deleteFrom('tables').execute();
        await t.ctx.store.db.deleteFrom('dbs').execute();
      });

      it('imports database, dataset, charts (one of a viz type Nezha lacks) and the dashboard, ids rewired', async () => {
        const response = await importZip(admin, 'dashboard', zipOf(dashboardBundle(uri)));
        expect(response.statusCode, response.body).toBe(200);
        const db = t.ctx.store.db;
        const database = await db.selectFrom('dbs').selectAll().where('uuid', '=', DB_UUID).executeTakeFirstOrThrow();
        expect(database).toMatchObject({ database_name: 'imported_database', allow_file_upload: 1, allow_dml: 1 });
        const dataset = await db
          .selectFrom('tables')
          .selectAll()
          .where('uuid', '=', DATASET_UUID)
          .executeTakeFirstOrThrow();
        expect(dataset).toMatchObject({
          table_name: 'imported_dataset',
          database_id: database.id,
          offset: 66,
          cache_timeout: 55,
        });
        expect(dataset.perm).toBe(`[imported_database].[imported_dataset](id:${dataset.id})`);
        const charts = await db.selectFrom('slices').selectAll().orderBy('slice_name').execute();
        expect(charts.map((c) => [c.slice_name, c.viz_type, c.datasource_id])).toEqual([
          ['Counts by region', 'table', dataset.id],
          ['Deck Path', 'deck_path', dataset.id],
          ['Total count', 'big_number_total', dataset.id],
        ]);
        const idOf = new Map(charts.map((c) => [c.uuid, c.id]));
        for (const chart of charts) {
          const params = JSON.parse(chart.params ?? '{}') as Json;
          expect(params.datasource).toBe(`${dataset.id}__table`);
          expect(params.slice_id).toBe(chart.id);
        }
        const deck = charts.find((c) => c.uuid === DECK_CHART_UUID);
        expect(JSON.parse(deck?.query_context ?? '{}').datasource).toEqual({ id: dataset.id, type: 'table' });

        const dashboard = await db
          .selectFrom('dashboards')
          .selectAll()
          .where('uuid', '=', DASHBOARD_UUID)
          .executeTakeFirstOrThrow();
        const position = JSON.parse(dashboard.position_json ?? '{}') as Record<string, { meta?: Json }>;
        expect(position['CHART-SVAlICPOSJ']?.meta?.chartId).toBe(idOf.get(DECK_CHART_UUID));
        expect(position['CHART-total']?.meta?.chartId).toBe(idOf.get(TOTAL_CHART_UUID));
        const meta = JSON.parse(dashboard.json_metadata ?? '{}') as Json;
        const deckId = idOf.get(DECK_CHART_UUID) as number;
        expect(meta.timed_refresh_immune_slices).toEqual([deckId]);
        expect(meta.expanded_slices).toEqual({ [String(deckId)]: true });
        expect(meta.filter_scopes).toEqual({ [String(deckId)]: { region: { scope: ['ROOT_ID'], immune: [deckId] } } });
        const filter = (meta.native_filter_configuration as Json[])[0] as Json;
        expect(filter.targets).toEqual([{ datasetId: dataset.id, column: { name: 'region' } }]);
        expect(filter.scope).toEqual({ rootPath: ['ROOT_ID'], excluded: [deckId] });
        expect(filter.chartsInScope).toEqual([idOf.get(TOTAL_CHART_UUID), idOf.get(TABLE_CHART_UUID)]);
        const linked = await db
          .selectFrom('dashboard_slices')
          .select('slice_id')
          .where('dashboard_id', '=', dashboard.id)
          .execute();
        expect(linked.map((l) => Number(l.slice_id)).sort()).toEqual([...idOf.values()].sort());

        // The supported charts answer from the imported dataset.
        const table = charts.find((c) => c.uuid === TABLE_CHART_UUID);
        const context = buildQueryContext(JSON.parse(table?.params ?? '{}') as QueryFormData);
        const data = ok(
          await admin.request({
            method: 'POST',
            url: '/api/v1/chart/data',
            payload: { ...context, datasource: { id: dataset.id, type: 'table' } },
          }),
        );
        const rows = (data.result[0].data as Json[]).map((r) => [r.region, r.total]);
        expect(rows.sort()).toEqual([
          ['east', 12],
          ['north', 10],
          ['south', 20],
        ]);

        // The dashboard opens with its charts listed, the unsupported one included.
        const listed = ok(await admin.request({ method: 'GET', url: `/api/v1/dashboard/${dashboard.id}/charts` }));
        expect((listed.result as Json[]).map((c) => c.slice_name).sort()).toEqual([
          'Counts by region',
          'Deck Path',
          'Total count',
        ]);
      });

      it("a dataset overwritten by import keeps its sensitive columns (Nezha's own, not in a bundle)", async () => {
        const files = {
          'metadata.yaml': metadata('SqlaTable'),
          'databases/imported_database.yaml': databaseConfig(uri),
          'datasets/imported_database/imported_dataset.yaml': datasetConfig(),
        };
        expect((await importZip(admin, 'dataset', zipOf(files))).statusCode).toBe(200);
        const db = t.ctx.store.db;
        await db.updateTable('tables').set({ sensitive_columns: '["cnt"]' }).where('uuid', '=', DATASET_UUID).execute();
        const changed = {
          ...files,
          'datasets/imported_database/imported_dataset.yaml': { ...datasetConfig(), description: 'changed' },
        };
        const again = await importZip(admin, 'dataset', zipOf(changed), { overwrite: 'true' });
        expect(again.statusCode, again.body).toBe(200);
        const row = await db
          .selectFrom('tables')
          .selectAll()
          .where('uuid', '=', DATASET_UUID)
          .executeTakeFirstOrThrow();
        expect(row.description).toBe('changed');
        expect(row.sensitive_columns).toBe('["cnt"]');
        expect(await db.selectFrom('tables').select('id').execute()).toHaveLength(1);
      });

      it('imports a saved query bundle onto its database, then updates it with overwrite', async () => {
        const files = {
          'metadata.yaml': metadata('SavedQuery'),
          'databases/imported_database.yaml': databaseConfig(uri),
          'queries/imported_database/Test_Saved_Query_1.yaml': savedQueryConfig(),
        };
        expect((await importZip(admin, 'saved_query', zipOf(files))).statusCode).toBe(200);
        const again = await importZip(admin, 'saved_query', zipOf(files));
        expect(again.statusCode).toBe(422);
        expect(again.json().errors[0].extra['queries/imported_database/Test_Saved_Query_1.yaml']).toBe(
          'Saved query already exists and `overwrite=true` was not passed',
        );
        const changed = {
          ...files,
          'queries/imported_database/Test_Saved_Query_1.yaml': { ...savedQueryConfig(), label: 'Renamed' },
        };
        expect((await importZip(admin, 'saved_query', zipOf(changed), { overwrite: 'true' })).statusCode).toBe(200);
        const rows = await t.ctx.store.db.selectFrom('saved_query').select(['label', 'sql']).execute();
        expect(rows).toEqual([{ label: 'Renamed', sql: 'SELECT * from imported_dataset' }]);
        const listed = ok(await admin.request({ method: 'GET', url: '/api/v1/saved_query/' }));
        expect(listed.count).toBe(1);
      });
    });
  });
}
