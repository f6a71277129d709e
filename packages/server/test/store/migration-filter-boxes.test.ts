// Migration 0013 on every store backend: a dashboard stored with a filter box (as imports before it kept them) gets
// the box's native filter, loses default_filters, filter_scopes and the box's chart node and link; a dashboard without
// a box is left byte for byte; converting again finds nothing to do.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetadataStore, openStore } from '../../src/store/db.js';
import { convertDashboardFilterBoxes } from '../../src/store/filter-boxes.js';
import { upgradeStore } from '../../src/store/migrate.js';
import { createTempPostgresDatabase } from '../support/postgres-database.js';
import { POSTGRES_URL, suiteTitle } from '../support/services.js';

const backends = [
  {
    name: 'migration 0013-filter-boxes on SQLite',
    url: 'embedded' as string | undefined,
    variable: '',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'nezha-migrate-'));
      return {
        url: `sqlite:///${path.join(dir, 'nezha.db')}`,
        cleanup: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'migration 0013-filter-boxes on PostgreSQL',
    url: POSTGRES_URL,
    variable: 'NEZHA_TEST_POSTGRES_URL',
    async open() {
      const temp = await createTempPostgresDatabase(POSTGRES_URL as string);
      return { url: temp.url, cleanup: temp.drop };
    },
  },
];

const NOW = '2026-01-01T00:00:00.000Z';
type Json = Record<string, unknown>;

for (const backend of backends) {
  describe.skipIf(!backend.url)(suiteTitle(backend.name, backend.url, backend.variable), () => {
    let store: MetadataStore;
    let cleanup: () => Promise<void>;
    const ids = { box: 0, chart: 0, withBox: 0, without: 0 };
    let untouched = { json_metadata: '', position_json: '' };

    beforeAll(async () => {
      const opened = await backend.open();
      cleanup = opened.cleanup;
      store = openStore(opened.url);
      expect((await upgradeStore(store, '0012-semantic-tags')).applied).toContain('0012-semantic-tags');
      const db = store.db;
      const chart = async (name: string, viz: string, params: Json) => {
        const { rows } = await sql<{ id: number }>`INSERT INTO slices
          (uuid, slice_name, viz_type, datasource_id, datasource_type, params, created_on, changed_on)
          VALUES (${`uuid-${name}`}, ${name}, ${viz}, 5, 'table', ${JSON.stringify(params)}, ${NOW}, ${NOW})
          RETURNING id`.execute(db);
        return Number(rows[0]?.id);
      };
      ids.box = await chart('State box', 'filter_box', {
        filter_configs: [{ column: 'state', multiple: true, clearable: true }],
        date_filter: true,
        time_range: 'No filter',
      });
      ids.chart = await chart('Total', 'big_number_total', { metric: 'count' });
      const node = (key: string, chartId: number) => ({
        id: key,
        type: 'CHART',
        children: [],
        parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'],
        meta: { chartId, width: 4, height: 50 },
      });
      const position = {
        ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
        GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'] },
        'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-a', 'CHART-b'], parents: ['ROOT_ID', 'GRID_ID'] },
        'CHART-a': node('CHART-a', ids.box),
        'CHART-b': node('CHART-b', ids.chart),
      };
      const dashboard = async (title: string, metadata: Json, layout: Json, charts: number[]) => {
        const { rows } = await sql<{ id: number }>`INSERT INTO dashboards
          (uuid, dashboard_title, position_json, json_metadata, published, created_on, changed_on)
          VALUES (${`uuid-${title}`}, ${title}, ${JSON.stringify(layout)}, ${JSON.stringify(metadata)}, 1, ${NOW}, ${NOW})
          RETURNING id`.execute(db);
        const id = Number(rows[0]?.id);
        for (const chartId of charts) {
          await sql`INSERT INTO dashboard_slices (dashboard_id, slice_id) VALUES (${id}, ${chartId})`.execute(db);
        }
        return id;
      };
      ids.withBox = await dashboard(
        'with box',
        {
          default_filters: JSON.stringify({ [ids.box]: { state: ['CA'], __time_range: 'Last year' } }),
          filter_scopes: { [ids.box]: { state: { scope: ['ROOT_ID'], immune: [] } } },
        },
        position,
        [ids.box, ids.chart],
      );
      ids.without = await dashboard(
        'without box',
        { color_scheme: 'supersetColors', filter_scopes: {} },
        { ...position, 'ROW-1': { ...position['ROW-1'], children: ['CHART-b'] }, 'CHART-a': undefined },
        [ids.chart],
      );
      untouched = await db
        .selectFrom('dashboards')
        .select(['json_metadata', 'position_json'])
        .where('id', '=', ids.without)
        .executeTakeFirstOrThrow()
        .then((row) => ({ json_metadata: row.json_metadata ?? '', position_json: row.position_json ?? '' }));
      expect((await upgradeStore(store)).applied).toEqual(['0013-filter-boxes']);
    });

    afterAll(async () => {
      await store?.close();
      await cleanup?.();
    });

    const read = async (id: number) => {
      const row = await store.db
        .selectFrom('dashboards')
        .select(['json_metadata', 'position_json'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const links = await store.db
        .selectFrom('dashboard_slices')
        .select('slice_id')
        .where('dashboard_id', '=', id)
        .execute();
      return {
        row,
        metadata: JSON.parse(row.json_metadata ?? '{}') as Json,
        position: JSON.parse(row.position_json ?? '{}') as Record<string, Json>,
        links: links.map((link) => Number(link.slice_id)),
      };
    };

    it('converts the stored box: a select and a time filter with their values, the node a note, the link gone', async () => {
      const { metadata, position, links } = await read(ids.withBox);
      expect(metadata).not.toHaveProperty('default_filters');
      expect(metadata).not.toHaveProperty('filter_scopes');
      const filters = metadata.native_filter_configuration as Array<{
        filterType: string;
        targets: unknown;
        defaultDataMask: unknown;
      }>;
      expect(filters.map((filter) => filter.filterType)).toEqual(['filter_select', 'filter_time']);
      expect(filters[0]?.targets).toEqual([{ datasetId: 5, column: { name: 'state' } }]);
      expect(filters[0]?.defaultDataMask).toEqual({
        extraFormData: { filters: [{ col: 'state', op: 'IN', val: ['CA'] }] },
        filterState: { value: ['CA'] },
      });
      expect(filters[1]?.defaultDataMask).toEqual({
        extraFormData: { time_range: 'Last year' },
        filterState: { value: 'Last year' },
      });
      expect(position).not.toHaveProperty('CHART-a');
      expect(position['MARKDOWN-a']?.type).toBe('MARKDOWN');
      expect(position['ROW-1']?.children).toEqual(['MARKDOWN-a', 'CHART-b']);
      expect(links).toEqual([ids.chart]);
    });

    it('leaves a dashboard without a filter box as it was', async () => {
      const { row } = await read(ids.without);
      expect(row).toEqual(untouched);
    });

    it('converting again finds no box and changes nothing', async () => {
      const before = await read(ids.withBox);
      expect(await convertDashboardFilterBoxes(store.db, ids.withBox)).toEqual([]);
      expect(await read(ids.withBox)).toEqual(before);
      expect((await upgradeStore(store)).applied).toEqual([]);
    });
  });
}
