// Export → import on a second, empty Nezha reproduces every example dashboard: layout, charts and chart data.
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { buildQueryContext, type QueryFormData } from '@nezha/core';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExampleContent } from '../../src/examples/example-dashboards.js';
import { loadExamples } from '../../src/examples/index.js';
import { EXAMPLES_FILE, registerExamplesDatabase } from '../../src/examples/register.js';
import { ok, STORE_BACKENDS, title } from '../api/chart-harness.js';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';
import { importZip, rowCounts } from './transfer-harness.js';

const TABLES = ['seattle_weather', 'stocks', 'gapminder', 'cars'];

type Json = Record<string, unknown>;

/** A dashboard as its viewer sees it: title, layout with each chart named by its uuid, and its charts. */
async function describeDashboards(t: TestApp) {
  const db = t.ctx.store.db;
  const charts = await db.selectFrom('slices').selectAll().execute();
  const uuidOf = new Map(charts.map((c) => [c.id, c.uuid]));
  const datasetUuid = new Map(
    (await db.selectFrom('tables').select(['id', 'uuid']).execute()).map((d) => [d.id, d.uuid]),
  );
  const dashboards = await db.selectFrom('dashboards').selectAll().orderBy('uuid').execute();
  return Promise.all(
    dashboards.map(async (d) => {
      const position = JSON.parse(d.position_json ?? '{}') as Record<string, Json>;
      for (const node of Object.values(position)) {
        const meta = node?.meta as Json | undefined;
        if (node?.type === 'CHART' && meta) {
          meta.chartId = uuidOf.get(meta.chartId as number);
          delete meta.uuid;
        }
      }
      const metadata = JSON.parse(d.json_metadata ?? '{}') as Json;
      const filters = (metadata.native_filter_configuration as Json[] | undefined) ?? [];
      const linked = await db
        .selectFrom('dashboard_slices')
        .select('slice_id')
        .where('dashboard_id', '=', d.id)
        .execute();
      return {
        uuid: d.uuid,
        title: d.dashboard_title,
        position,
        filters: filters.map((f) => ({
          name: f.name,
          datasets: ((f.targets as Json[]) ?? []).map((target) => datasetUuid.get(target.datasetId as number) ?? null),
          chartsInScope: ((f.chartsInScope as number[]) ?? []).map((id) => uuidOf.get(id)).sort(),
        })),
        crossFilterCharts: Object.keys((metadata.chart_configuration as Json) ?? {})
          .map((id) => uuidOf.get(Number(id)))
          .sort(),
        charts: linked.map((l) => uuidOf.get(Number(l.slice_id))).sort(),
      };
    }),
  );
}

async function chartAnswers(t: TestApp, session: Session): Promise<Map<string, unknown>> {
  const answers = new Map<string, unknown>();
  const charts = await t.ctx.store.db.selectFrom('slices').selectAll().orderBy('uuid').execute();
  for (const chart of charts) {
    const context = buildQueryContext(JSON.parse(chart.params ?? '{}') as QueryFormData);
    const response = await session.request({
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: { ...context, datasource: { id: context.datasource.id, type: context.datasource.type } },
    });
    const body = ok(response) as { result: Array<{ data: unknown; colnames: unknown; rowcount: number }> };
    // Rows as a sorted multiset: rows tied under the query's ORDER BY come back in any order from a parallel engine.
    const rows = (data: unknown) => (Array.isArray(data) ? data.map((row) => JSON.stringify(row)).sort() : data);
    answers.set(
      `${chart.uuid} ${chart.slice_name} ${chart.viz_type}`,
      body.result.map((r) => ({ rows: rows(r.data), colnames: r.colnames, rowcount: r.rowcount })),
    );
  }
  return answers;
}

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.url)(title('export → import round trip', backend), () => {
    let source: TestApp;
    let target: TestApp;
    let sourceAdmin: Session;
    let targetAdmin: Session;
    const drops: Array<() => Promise<void>> = [];

    beforeAll(async () => {
      const one = await backend.open();
      const two = await backend.open();
      drops.push(one.drop, two.drop);
      source = await startTestApp(one.storeUrl ? { storeUrl: one.storeUrl } : {});
      target = await startTestApp(two.storeUrl ? { storeUrl: two.storeUrl } : {});
      await loadExamples({ databasePath: path.join(source.home, EXAMPLES_FILE), only: TABLES });
      // The second server has the same example data but none of the example content.
      copyFileSync(path.join(source.home, EXAMPLES_FILE), path.join(target.home, EXAMPLES_FILE));
      await registerExamplesDatabase(source.ctx.store);
      await registerExamplesDatabase(target.ctx.store);
      await createExampleContent(source.ctx);
      sourceAdmin = await source.login();
      targetAdmin = await target.login();
    }, 120_000);
    afterAll(async () => {
      await source?.close();
      await target?.close();
      for (const drop of drops) await drop();
    });

    it('reproduces every example dashboard with the same layout, charts and chart data', async () => {
      const ids = (await source.ctx.store.db.selectFrom('dashboards').select('id').orderBy('id').execute()).map(
        (r) => r.id,
      );
      expect(ids.length).toBe(2);
      const exported = await sourceAdmin.request({
        method: 'GET',
        url: `/api/v1/dashboard/export/?q=!(${ids.join(',')})`,
      });
      expect(exported.statusCode, exported.body).toBe(200);
      expect(exported.headers['content-type']).toBe('application/zip');
      expect(exported.headers['content-disposition']).toMatch(
        /^attachment; filename="dashboard_export_\d{8}T\d{6}\.zip"$/,
      );
      const names = Object.keys(unzipSync(new Uint8Array(exported.rawPayload)));
      const root = names[0]?.split('/')[0];
      expect(names).toContain(`${root}/metadata.yaml`);
      expect(names.some((n) => /^[^/]+\/dashboards\/.+_\d+\.yaml$/.test(n))).toBe(true);
      expect(names.some((n) => /^[^/]+\/charts\/.+_\d+\.yaml$/.test(n))).toBe(true);
      expect(names.some((n) => /^[^/]+\/datasets\/examples\/[^/]+\.yaml$/.test(n))).toBe(true);
      expect(names).toContain(`${root}/databases/examples.yaml`);

      const imported = await importZip(targetAdmin, 'dashboard', exported.rawPayload);
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json()).toEqual({ message: 'OK' });

      expect(await describeDashboards(target)).toEqual(await describeDashboards(source));
      const before = await chartAnswers(source, sourceAdmin);
      const after = await chartAnswers(target, targetAdmin);
      expect(after.size).toBe(before.size);
      expect(after.size).toBeGreaterThan(5);
      expect([...after]).toEqual([...before]);
      // The example database was matched to the target's own, not duplicated.
      const counts = await rowCounts(target);
      expect(counts.dbs).toBe(1);
    });

    it('a second import with overwrite updates in place; without it the dashboard import is refused by file', async () => {
      const ids = (await source.ctx.store.db.selectFrom('dashboards').select('id').execute()).map((r) => r.id);
      const exported = await sourceAdmin.request({
        method: 'GET',
        url: `/api/v1/dashboard/export/?q=!(${ids.join(',')})`,
      });
      const before = await rowCounts(target);
      const refused = await importZip(targetAdmin, 'dashboard', exported.rawPayload);
      expect(refused.statusCode, refused.body).toBe(422);
      const error = refused.json().errors[0];
      expect(error.message).toBe('Error importing dashboard');
      const problems = Object.entries(error.extra as Record<string, string>);
      expect(problems.length).toBe(2);
      for (const [file, message] of problems) {
        expect(file).toMatch(/^dashboards\/.+\.yaml$/);
        expect(message).toBe('Dashboard already exists and `overwrite=true` was not passed');
      }
      expect(await rowCounts(target)).toEqual(before);

      const again = await importZip(targetAdmin, 'dashboard', exported.rawPayload, { overwrite: 'true' });
      expect(again.statusCode, again.body).toBe(200);
      expect(await rowCounts(target)).toEqual(before);
      expect(await describeDashboards(target)).toEqual(await describeDashboards(source));
    });

    it('exports the same bytes twice when nothing changed', async () => {
      const ids = (await source.ctx.store.db.selectFrom('dashboards').select('id').execute()).map((r) => r.id);
      const url = `/api/v1/dashboard/export/?q=!(${ids.join(',')})`;
      const first = await sourceAdmin.request({ method: 'GET', url });
      const second = await sourceAdmin.request({ method: 'GET', url });
      expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0);
    });
  });
}
