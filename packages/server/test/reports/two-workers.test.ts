// Exactly one delivery per cron tick with two processes sharing the metadata store and Redis: both look for due
// ticks at once, on every tick, and both consume the BullMQ queue; the store's claims let one run each tick.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/context.js';
import { closeContext, createContext } from '../../src/app/create-context.js';
import { schedulePass } from '../../src/reports/scheduler.js';
import { ok } from '../api/chart-harness.js';
import { dropKeysUnder, testKeyPrefix, testRedis } from '../support/redis-keys.js';
import { REDIS_URL, suiteTitle } from '../support/services.js';
import { STORE_BACKENDS } from '../support/sqllab-fixtures.js';
import { reportBody, useReportWorld } from './report-harness.js';

const prefix = testKeyPrefix();

for (const backend of STORE_BACKENDS) {
  const name = `Reports with two workers on ${backend.name}`;
  describe.skipIf(!REDIS_URL || !backend.url)(
    suiteTitle(name, REDIS_URL && backend.url, 'NEZHA_TEST_REDIS_URL'),
    () => {
      const w = useReportWorld(backend, {
        NEZHA_REDIS_URL: REDIS_URL ?? '',
        NEZHA_REDIS_KEY_PREFIX: `${prefix}${backend.name.split(' ')[0]}:`,
      });
      let second: AppContext;

      beforeAll(async () => {
        // The second process: its own store connection, Redis clients and BullMQ worker, on the same configuration.
        second = createContext(w.t.ctx.config);
      });
      afterAll(async () => {
        await closeContext(second);
        const redis = testRedis(REDIS_URL as string);
        await dropKeysUnder(redis, prefix);
        redis.disconnect();
      });

      it('delivers each tick exactly once, whichever process sees it first', async () => {
        expect(w.t.ctx.jobs.backend).toBe('redis');
        expect(second.jobs.backend).toBe('redis');
        const id = ok(
          await w.alpha.session.request({
            method: 'POST',
            url: '/api/v1/report/',
            payload: reportBody({
              name: 'Every minute',
              chart: w.chartId,
              crontab: '* * * * *',
              report_format: 'TEXT',
              recipients: [{ type: 'Email', recipient_config_json: { target: 'once@example.com' } }],
            }),
          }),
          201,
        ).id as number;
        const ticks = ['2026-02-02T10:00:00.000Z', '2026-02-02T10:01:00.000Z', '2026-02-02T10:02:00.000Z'];
        let claimed = 0;
        for (const tick of ticks) {
          const at = new Date(tick).getTime();
          // Both processes pass over the same window at once, twice, as overlapping scheduler passes would.
          const passes = await Promise.all([
            schedulePass(w.t.ctx, new Date(at - 30_000), new Date(at + 10_000)),
            schedulePass(second, new Date(at - 30_000), new Date(at + 10_000)),
            schedulePass(w.t.ctx, new Date(at - 50_000), new Date(at + 5_000)),
            schedulePass(second, new Date(at - 20_000), new Date(at + 15_000)),
          ]);
          claimed += passes.reduce((sum, pass) => sum + pass.reports, 0);
          // Ticks are a minute apart: each run ends before the next tick. Runs of one report that overlap are
          // refused by Superset's "still working" rule, which would make this count depend on the workers' timing.
          await Promise.all([w.t.ctx.jobs.drain(), second.jobs.drain()]);
        }
        expect(claimed).toBe(ticks.length);
        const mails = w.mail.mails.filter((m) => m.envelopeTo.includes('once@example.com'));
        expect(mails).toHaveLength(ticks.length);
        const logs = await w.t.ctx.store.db
          .selectFrom('report_execution_log')
          .select(['scheduled_dttm', 'state'])
          .where('report_schedule_id', '=', id)
          .orderBy('scheduled_dttm')
          .execute();
        expect(logs).toEqual(ticks.map((tick) => ({ scheduled_dttm: tick, state: 'Success' })));
      });
    },
  );
}
