// Migrations run once even when processes start together: the store's lock (an advisory lock on PostgreSQL) lets one
// migrate while the others wait, then find nothing left to do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/db.js';
import { LATEST_MIGRATION, upgradeStore } from '../../src/store/migrate.js';
import { createTempPostgresDatabase } from '../support/postgres-database.js';
import { POSTGRES_URL, suiteTitle } from '../support/services.js';

describe.skipIf(!POSTGRES_URL)(
  suiteTitle('migrations started by several processes at once', POSTGRES_URL, 'NEZHA_TEST_POSTGRES_URL'),
  () => {
    let temp: { url: string; drop(): Promise<void> };
    beforeAll(async () => {
      temp = await createTempPostgresDatabase(POSTGRES_URL as string);
    });
    afterAll(() => temp?.drop());

    it('four stores upgrading one fresh database together apply each migration exactly once', async () => {
      const stores = Array.from({ length: 4 }, () => openStore(temp.url));
      try {
        const reports = await Promise.all(stores.map((store) => upgradeStore(store)));
        const applied = reports.flatMap((report) => report.applied);
        expect(new Set(applied).size).toBe(applied.length);
        expect(applied).toContain(LATEST_MIGRATION);
        expect(reports.filter((report) => report.applied.length > 0)).toHaveLength(1);
        const rows = await stores[0]?.db
          .selectFrom('nezha_migrations' as never)
          .select('name' as never)
          .execute();
        expect(rows?.length).toBe(applied.length);
      } finally {
        await Promise.all(stores.map((store) => store.close()));
      }
    });
  },
);
