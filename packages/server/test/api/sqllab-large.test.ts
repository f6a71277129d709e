// A million-row SQL Lab result, end to end: every row arrives, in order, with the server's time and memory noted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineName } from '../../src/engines/types.js';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';
import { execute, SQLLAB_ENGINES, useEngineDatabases } from './sqllab-harness.js';

const MILLION = 1_000_000;

/** SQL reading i = 0 … 999 999; engines without a row generator worth timing are left out. */
const MILLION_ROWS: Partial<Record<EngineName, string>> = {
  duckdb: `SELECT i FROM range(${MILLION}) AS t(i)`,
  postgresql: `SELECT i FROM generate_series(0, ${MILLION - 1}) AS s(i)`,
  clickhouse: `SELECT number AS i FROM numbers(${MILLION})`,
};

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp({ env: { SQL_MAX_ROW: String(MILLION) } });
  admin = await t.login();
});
afterAll(() => t?.close());

for (const engine of SQLLAB_ENGINES.filter((candidate) => MILLION_ROWS[candidate.name])) {
  describe.skipIf(!engine.available)(engine.title('SQL Lab million rows'), () => {
    const e = useEngineDatabases(
      () => t,
      () => admin,
      engine,
    );

    it('returns 1,000,000 rows with the right first and last values', { timeout: 120_000 }, async () => {
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 5);
      const started = performance.now();
      const call = await execute(admin, {
        database_id: e.db.id,
        sql: MILLION_ROWS[engine.name],
        queryLimit: MILLION,
      });
      const elapsed = performance.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
      console.info(
        `SQL Lab ${engine.name}: ${MILLION} rows in ${Math.round(elapsed)} ms, body ${mb(call.response.rawPayload.length)} MB, ` +
          `server+test process RSS ${mb(baseline)} → peak ${mb(peak)} MB (+${mb(peak - baseline)} MB)`,
      );

      expect(call.status, call.response.body.slice(0, 500)).toBe(200);
      const body = call.json();
      expect(body.data).toHaveLength(MILLION);
      expect(Number(body.data[0].i)).toBe(0);
      expect(Number(body.data[MILLION - 1].i)).toBe(MILLION - 1);
      expect(Number(body.data[123_456].i)).toBe(123_456);
      expect(body.query).toMatchObject({ rows: MILLION, limit: MILLION, limitingFactor: 'NOT_LIMITED' });
      expect(body.query.executedSql).toMatch(/LIMIT 1000000\s*$/);
    });
  });
}
