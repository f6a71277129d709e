// Migration 0012 on every store backend: the tag names measures and cohorts kept in their own `tags` column become
// tag links (existing tags reused, bad names dropped or split), and the column is gone, so nothing can read it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetadataStore, openStore } from '../../src/store/db.js';
import { upgradeStore } from '../../src/store/migrate.js';
import { createTempPostgresDatabase } from '../support/postgres-database.js';
import { POSTGRES_URL, suiteTitle } from '../support/services.js';

const backends = [
  {
    name: 'migration 0012-semantic-tags on SQLite',
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
    name: 'migration 0012-semantic-tags on PostgreSQL',
    url: POSTGRES_URL,
    variable: 'NEZHA_TEST_POSTGRES_URL',
    async open() {
      const temp = await createTempPostgresDatabase(POSTGRES_URL as string);
      return { url: temp.url, cleanup: temp.drop };
    },
  },
];

const NOW = '2026-01-01T00:00:00.000Z';

for (const backend of backends) {
  describe.skipIf(!backend.url)(suiteTitle(backend.name, backend.url, backend.variable), () => {
    let store: MetadataStore;
    let cleanup: () => Promise<void>;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      const opened = await backend.open();
      cleanup = opened.cleanup;
      store = openStore(opened.url);
      expect((await upgradeStore(store, '0011-assistant')).applied).toContain('0011-assistant');
      const db = store.db;
      await sql`INSERT INTO tag (name, type, description, created_on, changed_on) VALUES ('finance', 1, 'kept', ${NOW}, ${NOW})`.execute(
        db,
      );
      const insertMeasure = async (name: string, tags: string) => {
        const { rows } = await sql<{ id: number }>`INSERT INTO measures
          (uuid, measure_name, viz_type, datasource_id, datasource_type, tags, created_on, changed_on)
          VALUES (${`uuid-${name}`}, ${name}, 'measure', 1, 'table', ${tags}, ${NOW}, ${NOW}) RETURNING id`.execute(db);
        ids[name] = Number(rows[0]?.id);
      };
      const insertCohort = async (name: string, tags: string) => {
        const { rows } = await sql<{ id: number }>`INSERT INTO cohorts
          (uuid, cohort_name, viz_type, datasource_id, datasource_type, tags, created_on, changed_on)
          VALUES (${`uuid-${name}`}, ${name}, 'cohort', 1, 'table', ${tags}, ${NOW}, ${NOW}) RETURNING id`.execute(db);
        ids[name] = Number(rows[0]?.id);
      };
      await insertMeasure('revenue', JSON.stringify(['finance', ' q1 ', 'q1']));
      await insertMeasure('untagged', '[]');
      await insertMeasure('broken', 'not json');
      await insertCohort('big spenders', JSON.stringify(['q1', 'vip,gold', 'owner:1', '', 7]));
      expect((await upgradeStore(store, '0012-semantic-tags')).applied).toEqual(['0012-semantic-tags']);
    });

    afterAll(async () => {
      await store?.close();
      await cleanup?.();
    });

    const linked = async (type: string, id: number | undefined) =>
      (
        await store.db
          .selectFrom('tagged_object')
          .innerJoin('tag', 'tag.id', 'tagged_object.tag_id')
          .select('tag.name')
          .where('tagged_object.object_type', '=', type)
          .where('tagged_object.object_id', '=', id ?? -1)
          .orderBy('tag.name')
          .execute()
      ).map((row) => row.name);

    it('copies each measure’s and cohort’s tag names into tag links, once each', async () => {
      expect(await linked('measure', ids.revenue)).toEqual(['finance', 'q1']);
      expect(await linked('measure', ids.untagged)).toEqual([]);
      expect(await linked('measure', ids.broken)).toEqual([]);
      // A comma separated names; a colon (Superset's system tags), a blank and a non-name cannot be tags.
      expect(await linked('cohort', ids['big spenders'])).toEqual(['gold', 'q1', 'vip']);
    });

    it('reuses a tag that already exists and makes the others custom tags', async () => {
      const tags = await store.db.selectFrom('tag').select(['name', 'type', 'description']).orderBy('name').execute();
      expect(tags).toEqual([
        { name: 'finance', type: 1, description: 'kept' },
        { name: 'gold', type: 1, description: null },
        { name: 'q1', type: 1, description: null },
        { name: 'vip', type: 1, description: null },
      ]);
    });

    it('drops the old column from both tables, so nothing reads it any more', async () => {
      for (const table of ['measures', 'cohorts']) {
        await expect(sql`SELECT tags FROM ${sql.table(table)}`.execute(store.db)).rejects.toThrow();
        const { rows } = await sql`SELECT * FROM ${sql.table(table)}`.execute(store.db);
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) expect(Object.keys(row as object)).not.toContain('tags');
      }
      expect((await upgradeStore(store, '0012-semantic-tags')).applied).toEqual([]);
    });
  });
}
