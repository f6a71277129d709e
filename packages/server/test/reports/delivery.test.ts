// Reports and alerts that run and deliver: a real SMTP server and a local HTTP receiver get what a cron tick sends,
// checked against SQL the test runs itself; alerts that fire, stay quiet and wait out their grace period; failures
// that are logged without stopping the other reports; scheduled saved queries; DST days.
import { describe, expect, it } from 'vitest';
import { schedulePass, ticksBetween } from '../../src/reports/scheduler.js';
import { getDatabase } from '../../src/store/databases.js';
import { ok } from '../api/chart-harness.js';
import { STORE_BACKENDS } from '../support/sqllab-fixtures.js';
import { reportBody, useReportWorld } from './report-harness.js';

const BASE = '/api/v1/report/';
const sqlite = STORE_BACKENDS[0]!;

/** Rows of a CSV with a header line, as records of text. */
function csvRecords(text: string): Array<Record<string, string>> {
  const [header, ...lines] = text.trim().split('\n');
  const names = (header ?? '').split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [names[i] ?? '', cell])));
}

describe('Report delivery over SMTP and webhooks', () => {
  const w = useReportWorld(sqlite);
  let minute = 0;

  /** A crontab firing at a minute of 09:xx no other test uses, and a pass over just that tick. */
  function nextSlot(day = '2026-01-05') {
    minute += 1;
    const mm = String(minute).padStart(2, '0');
    return {
      crontab: `${minute} 9 * * *`,
      pass: async () => {
        const tick = new Date(`${day}T09:${mm}:00.000Z`).getTime();
        const result = await schedulePass(w.t.ctx, new Date(tick - 30_000), new Date(tick + 20_000));
        await w.t.ctx.jobs.drain();
        return result;
      },
    };
  }

  async function create(body: Record<string, unknown>, session = w.alpha.session): Promise<number> {
    return ok(await session.request({ method: 'POST', url: BASE, payload: reportBody(body) }), 201).id as number;
  }

  async function logs(id: number) {
    return w.t.ctx.store.db
      .selectFrom('report_execution_log')
      .selectAll()
      .where('report_schedule_id', '=', id)
      .orderBy('id')
      .execute();
  }

  async function ordersByCustomer(): Promise<Array<Record<string, string>>> {
    const row = await getDatabase(w.t.ctx.store.db, w.dbId);
    const connection = await w.t.ctx.connections.forDatabase(row!);
    const result = await connection.execute(
      'SELECT customer, count(*) AS n FROM orders GROUP BY customer ORDER BY customer',
    );
    return result.rows.map((r) => ({ customer: String(r[0]), count: String(r[1]) }));
  }

  const mailsTo = (address: string) => w.mail.mails.filter((m) => m.envelopeTo.includes(address));

  it('mails a chart’s CSV on its cron tick, once however often the tick is looked at', async () => {
    const slot = nextSlot();
    const id = await create({
      name: 'Orders CSV',
      chart: w.chartId,
      crontab: slot.crontab,
      report_format: 'CSV',
      recipients: [{ type: 'Email', recipient_config_json: { target: 'csv@example.com' } }],
    });
    expect((await slot.pass()).reports).toBe(1);
    expect((await slot.pass()).reports).toBe(0);
    const mails = mailsTo('csv@example.com');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.parsed;
    expect(mail.subject).toBe('[Report] Orders CSV');
    expect(mail.from?.text).toBe('reports@nezha.test');
    expect(mail.html).toContain(`/explore/?slice_id=${w.chartId}`);
    const csv = mail.attachments.find((a) => a.filename === 'Orders CSV.csv');
    expect(csv?.contentType).toBe('text/csv');
    const rows = csvRecords(csv!.content.toString('utf8'));
    expect(rows.map((r) => ({ customer: r.customer, count: r.count }))).toEqual(await ordersByCustomer());
    const log = await logs(id);
    expect(log.map((l) => l.state)).toEqual(['Success']);
    expect(log[0]!.scheduled_dttm).toMatch(/T09:\d\d:00\.000Z$/);
  });

  it('puts a TEXT report’s rows in the mail body as an HTML table', async () => {
    const slot = nextSlot();
    await create({
      name: 'Orders text',
      chart: w.chartId,
      crontab: slot.crontab,
      report_format: 'TEXT',
      recipients: [{ type: 'Email', recipient_config_json: { target: 'text@example.com' } }],
    });
    await slot.pass();
    const [mail] = mailsTo('text@example.com');
    const html = mail!.parsed.html || '';
    expect(html).toContain('<table');
    for (const row of await ordersByCustomer()) {
      // o'brien is escaped in the table, never raw HTML.
      const name = row.customer!.replace(/'/g, '&#39;');
      expect(html).toContain(`<td>${name}</td><td>${row.count}</td>`);
    }
  });

  it('fires an alert whose value meets its condition, then waits out the grace period', async () => {
    const slot = nextSlot();
    const id = await create({
      type: 'Alert',
      name: 'Many orders',
      chart: w.chartId,
      crontab: slot.crontab,
      database: w.dbId,
      sql: 'SELECT count(*) FROM orders',
      validator_type: 'operator',
      validator_config_json: { op: '>', threshold: 4 },
      grace_period: 3600,
      report_format: 'CSV',
      recipients: [{ type: 'Email', recipient_config_json: { target: 'alert@example.com' } }],
    });
    await slot.pass();
    expect(mailsTo('alert@example.com').map((m) => m.parsed.subject)).toEqual(['[Alert] Many orders']);
    const second = nextSlot();
    await w.t.ctx.store.db
      .updateTable('report_schedule')
      .set({ crontab: second.crontab })
      .where('id', '=', id)
      .execute();
    await second.pass();
    expect(mailsTo('alert@example.com')).toHaveLength(1);
    const log = await logs(id);
    expect(log.map((l) => [l.state, l.value])).toEqual([
      ['Success', 5],
      ['On Grace', 5],
    ]);
    const read = ok(await w.alpha.session.request({ method: 'GET', url: `${BASE}${id}` })).result;
    expect(read).toMatchObject({
      last_state: 'On Grace',
      last_value: 5,
      last_value_row_json: expect.stringContaining('5'),
    });
  });

  it('keeps quiet when the alert’s value does not meet its condition', async () => {
    const slot = nextSlot();
    const id = await create({
      type: 'Alert',
      name: 'Huge orders',
      chart: w.chartId,
      crontab: slot.crontab,
      database: w.dbId,
      sql: 'SELECT max(total) FROM orders',
      validator_type: 'operator',
      validator_config_json: { op: '>=', threshold: 100 },
      recipients: [{ type: 'Email', recipient_config_json: { target: 'quiet@example.com' } }],
    });
    await slot.pass();
    expect(mailsTo('quiet@example.com')).toHaveLength(0);
    expect((await logs(id)).map((l) => [l.state, l.value])).toEqual([['Not triggered', 50]]);
  });

  it('posts a JSON body to a webhook with the CSV attached', async () => {
    const slot = nextSlot();
    const before = w.hook.bodies.length;
    const id = await create({
      name: 'Orders hook',
      chart: w.chartId,
      crontab: slot.crontab,
      report_format: 'CSV',
      recipients: [{ type: 'Webhook', recipient_config_json: { target: w.hook.url } }],
    });
    await slot.pass();
    const bodies = w.hook.bodies.slice(before);
    expect(bodies).toHaveLength(1);
    const body = bodies[0] as {
      name: string;
      report_id: number;
      attachments: Array<{ filename: string; content_base64: string }>;
    };
    expect(body).toMatchObject({ name: 'Orders hook', type: 'Report', report_id: id, report_format: 'CSV' });
    const csv = Buffer.from(body.attachments[0]!.content_base64, 'base64').toString('utf8');
    expect(csvRecords(csv).map((r) => ({ customer: r.customer, count: r.count }))).toEqual(await ordersByCustomer());
  });

  it('logs an Error and tells the owner when the chart is gone, while the other reports of the tick go out', async () => {
    const slot = nextSlot();
    const doomed = ok(
      await w.alpha.session.request({
        method: 'POST',
        url: '/api/v1/chart/',
        payload: {
          slice_name: 'Doomed',
          viz_type: 'table',
          datasource_id: w.ordersId,
          datasource_type: 'table',
          params: '{}',
        },
      }),
      201,
    ).id as number;
    const broken = await create({
      name: 'Broken',
      chart: doomed,
      crontab: slot.crontab,
      recipients: [{ type: 'Email', recipient_config_json: { target: 'broken@example.com' } }],
    });
    const healthy = await create({
      name: 'Healthy',
      chart: w.chartId,
      crontab: slot.crontab,
      recipients: [{ type: 'Email', recipient_config_json: { target: 'healthy@example.com' } }],
    });
    ok(await w.alpha.session.request({ method: 'DELETE', url: `/api/v1/chart/${doomed}` }));
    expect((await slot.pass()).reports).toBe(2);
    const [log] = await logs(broken);
    expect(log).toMatchObject({
      state: 'Error',
      error_message: `Chart ${doomed} of this report does not exist any more.`,
    });
    expect(mailsTo('broken@example.com')).toHaveLength(0);
    const owner = mailsTo('alpha@example.com');
    expect(owner.map((m) => m.parsed.subject)).toContain('[Report] Broken failed');
    expect(mailsTo('healthy@example.com')).toHaveLength(1);
    expect((await logs(healthy)).map((l) => l.state)).toEqual(['Success']);
  });

  it('retries a refused delivery with backoff and logs the SMTP server’s answer', async () => {
    const slot = nextSlot();
    w.mail.refuse.add('nobody@example.com');
    const id = await create({
      name: 'Refused',
      chart: w.chartId,
      crontab: slot.crontab,
      recipients: [{ type: 'Email', recipient_config_json: { target: 'nobody@example.com' } }],
    });
    await slot.pass();
    const [log] = await logs(id);
    expect(log!.state).toBe('Error');
    expect(log!.error_message).toContain('failed after 3 attempt(s)');
    expect(log!.error_message).toContain('550 5.1.1 Mailbox unavailable');
  });

  it('ends a run that outlives working_timeout as an Error, and the next report still runs', async () => {
    const slot = nextSlot();
    const slow = await create({
      type: 'Alert',
      name: 'Slow alert',
      chart: w.chartId,
      crontab: slot.crontab,
      database: w.dbId,
      sql: 'SELECT 1',
      validator_type: 'not null',
      working_timeout: 1,
      recipients: [{ type: 'Email', recipient_config_json: { target: 'slow@example.com' } }],
    });
    // Saved fast (the API tries the query), then made slow: a trillion rows to test, which no machine finishes
    // within the one-second timeout (ten billion plain rows to count took under a second on a fast CI machine).
    await w.t.ctx.store.db
      .updateTable('report_schedule')
      .set({ sql: 'SELECT count(*) FROM range(1000000) a, range(1000000) b WHERE (a.range * b.range) % 7 = 3' })
      .where('id', '=', slow)
      .execute();
    const next = await create({
      name: 'After the slow one',
      chart: w.chartId,
      crontab: slot.crontab,
      report_format: 'TEXT',
      recipients: [{ type: 'Email', recipient_config_json: { target: 'after-slow@example.com' } }],
    });
    await slot.pass();
    expect((await logs(slow)).map((l) => [l.state, l.error_message])).toEqual([
      ['Error', 'Report Schedule reached a working timeout.'],
    ]);
    expect(mailsTo('slow@example.com')).toHaveLength(0);
    expect((await logs(next)).map((l) => l.state)).toEqual(['Success']);
  });

  it('refuses to start a run while the previous one is still working, and closes one left by a dead process', async () => {
    const slot = nextSlot();
    const id = await create({
      name: 'Busy',
      chart: w.chartId,
      crontab: slot.crontab,
      report_format: 'TEXT',
      working_timeout: 600,
    });
    const recent = new Date(Date.now() - 60_000).toISOString();
    await w.t.ctx.store.db
      .insertInto('report_execution_log')
      .values({
        uuid: crypto.randomUUID(),
        scheduled_dttm: recent,
        start_dttm: recent,
        state: 'Working',
        report_schedule_id: id,
      })
      .execute();
    await slot.pass();
    expect((await logs(id)).map((l) => [l.state, l.error_message])).toEqual([
      ['Working', null],
      ['Error', 'Report Schedule is still working, refusing to re-compute.'],
    ]);
    // The same stuck row, now older than working_timeout: closed as timed out, and the run goes on.
    const old = new Date(Date.now() - 3600_000).toISOString();
    await w.t.ctx.store.db
      .updateTable('report_execution_log')
      .set({ start_dttm: old })
      .where('state', '=', 'Working')
      .where('report_schedule_id', '=', id)
      .execute();
    await w.t.ctx.store.db
      .deleteFrom('report_execution_log')
      .where('state', '=', 'Error')
      .where('report_schedule_id', '=', id)
      .execute();
    const again = nextSlot();
    await w.t.ctx.store.db
      .updateTable('report_schedule')
      .set({ crontab: again.crontab })
      .where('id', '=', id)
      .execute();
    await again.pass();
    expect((await logs(id)).map((l) => [l.state, l.error_message])).toEqual([
      ['Error', 'Report Schedule reached a working timeout.'],
      ['Success', null],
    ]);
  });

  it('prunes log rows older than log_retention days', async () => {
    const slot = nextSlot();
    const id = await create({
      name: 'Pruned',
      chart: w.chartId,
      crontab: slot.crontab,
      log_retention: 1,
      report_format: 'TEXT',
    });
    const old = new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString();
    await w.t.ctx.store.db
      .insertInto('report_execution_log')
      .values({
        uuid: crypto.randomUUID(),
        scheduled_dttm: old,
        start_dttm: old,
        end_dttm: old,
        state: 'Success',
        report_schedule_id: id,
      })
      .execute();
    await slot.pass();
    expect((await logs(id)).map((l) => l.start_dttm === old)).toEqual([false]);
  });

  it('runs a saved query’s schedule_info and mails the result as CSV to its author', async () => {
    const me = ok(await w.admin.request({ method: 'GET', url: '/api/v1/me/' })).result as { email: string };
    const saved = ok(
      await w.admin.request({
        method: 'POST',
        url: '/api/v1/saved_query/',
        payload: {
          db_id: w.dbId,
          schema: 'main',
          label: 'Customer counts',
          sql: 'SELECT customer, count(*) AS count FROM orders GROUP BY customer ORDER BY customer',
          extra_json: JSON.stringify({
            schedule_info: { schedule_interval: '45 9 * * *', start_date: '2026-01-01T00:00' },
          }),
        },
      }),
      201,
    ).id as number;
    const result = await schedulePass(w.t.ctx, new Date('2026-01-05T09:44:50Z'), new Date('2026-01-05T09:45:10Z'));
    await w.t.ctx.jobs.drain();
    expect(result.savedQueries).toBe(1);
    const [mail] = mailsTo(me.email);
    expect(mail?.parsed.subject).toBe('[Scheduled query] Customer counts');
    const csv = mail!.parsed.attachments.find((a) => a.filename === 'Customer counts.csv');
    expect(csvRecords(csv!.content.toString('utf8'))).toEqual(await ordersByCustomer());
    // Before its start date, a schedule does not run.
    const early = await schedulePass(w.t.ctx, new Date('2025-12-30T09:44:50Z'), new Date('2025-12-30T09:45:10Z'));
    expect(early.savedQueries).toBe(0);
    expect(saved).toEqual(expect.any(Number));
  });
});

describe('Cron ticks in a time zone', () => {
  it('fire once a day across both daylight-saving changes in Paris', () => {
    const spring = ticksBetween(
      '30 2 * * *',
      'Europe/Paris',
      new Date('2026-03-27T12:00:00Z'),
      new Date('2026-03-31T00:00:00Z'),
    );
    // 02:30 does not exist on 29 March: the tick moves to 03:00 local (01:00Z), still once.
    expect(spring.map((d) => d.toISOString())).toEqual([
      '2026-03-28T01:30:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-30T00:30:00.000Z',
    ]);
    const autumn = ticksBetween(
      '30 2 * * *',
      'Europe/Paris',
      new Date('2026-10-24T12:00:00Z'),
      new Date('2026-10-27T00:00:00Z'),
    );
    // 02:30 happens twice on 25 October: one run.
    expect(autumn.map((d) => d.toISOString())).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z']);
    const newYork = ticksBetween(
      '0 9 * * *',
      'America/New_York',
      new Date('2026-03-07T00:00:00Z'),
      new Date('2026-03-10T00:00:00Z'),
    );
    expect(newYork.map((d) => d.toISOString())).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
    ]);
  });
});
