// The series limit keeps a NULL series among the top ones and never mixes it with a value that stands in for NULL
// ('' or 0 in PostgreSQL's hashable join), on every engine; the expected rows are computed here from the data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDatabaseVia, ENGINE_CASES, type EngineCase, runOn } from '../support/dataset-fixtures.js';
import { suiteTitle } from '../support/services.js';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';

type Sale = [region: string | null, n: number | null, amount: number];
const SALES: Sale[] = [
  [null, 1, 100],
  [null, 1, 50],
  ['a', null, 120],
  ['b', 2, 90],
  // What a NULL would be compared as in the hashable join: must stay apart from the NULL series.
  ['', 1, 10],
  ['a', 0, 5],
  ['c', 3, 1],
];

/** The top `limit` (region, n) series by total, with their totals, as a set of rows. */
function expected(limit: number): Array<{ region: string | null; n: number | null; total: number }> {
  const totals = new Map<string, { region: string | null; n: number | null; total: number }>();
  for (const [region, n, amount] of SALES) {
    const key = JSON.stringify([region, n]);
    const group = totals.get(key) ?? { region, n, total: 0 };
    group.total += amount;
    totals.set(key, group);
  }
  return [...totals.values()].sort((x, y) => y.total - x.total).slice(0, limit);
}

const literal = (value: string | number | null) =>
  value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${value}'`;

function engineSuite(engine: EngineCase) {
  describe.skipIf(!engine.url)(
    suiteTitle(`series limit with NULL series on ${engine.name}`, engine.url, engine.variable),
    () => {
      let t: TestApp;
      let admin: Session;
      let datasetId: number;
      let drop: () => Promise<void>;

      beforeAll(async () => {
        const opened = await engine.open();
        drop = opened.drop;
        t = await startTestApp(opened.storeUrl ? { storeUrl: opened.storeUrl } : {});
        admin = await t.login();
        const dbId = await addDatabaseVia(admin, 'shop', opened.uri);
        await runOn(t, dbId, [
          'DROP TABLE IF EXISTS series_sales',
          'CREATE TABLE series_sales (region VARCHAR(20), n INTEGER, amount INTEGER)',
          `INSERT INTO series_sales VALUES ${SALES.map((row) => `(${row.map(literal).join(', ')})`).join(', ')}`,
        ]);
        const created = await admin.request({
          method: 'POST',
          url: '/api/v1/dataset/',
          payload: { database: dbId, schema: engine.schema, table_name: 'series_sales' },
        });
        expect(created.statusCode, created.body).toBe(201);
        datasetId = created.json().id as number;
      });
      afterAll(async () => {
        await t?.close();
        await drop?.();
      });

      it('keeps the top series, NULL ones included, without the stand-in values', async () => {
        const response = await admin.request({
          method: 'POST',
          url: '/api/v1/chart/data',
          payload: {
            datasource: { id: datasetId, type: 'table' },
            queries: [
              {
                columns: ['region', 'n'],
                metrics: [
                  { expressionType: 'SIMPLE', column: { column_name: 'amount' }, aggregate: 'SUM', label: 'total' },
                ],
                orderby: [['total', false]],
                series_limit: 3,
                row_limit: 100,
              },
            ],
            result_type: 'full',
            force: true,
          },
        });
        expect(response.statusCode, response.body).toBe(200);
        const result = response.json().result[0];
        const rows = (result.data as Array<{ region: string | null; n: number | null; total: number | string }>).map(
          (row) => ({ region: row.region, n: row.n === null ? null : Number(row.n), total: Number(row.total) }),
        );
        expect(rows.sort((x, y) => y.total - x.total)).toEqual(expected(3));
        // PostgreSQL gets the form it can hash join (a nested loop otherwise).
        if (engine.name === 'PostgreSQL') {
          expect(result.query).toContain(`COALESCE("region", '')`);
          expect(result.query).toContain(`COALESCE("n", '0')`);
        }
      });
    },
  );
}

for (const engine of ENGINE_CASES) engineSuite(engine);
