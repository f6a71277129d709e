// /api/v1/report/: Superset's shapes, list filters, the refusals of bad input naming their field, who may see and
// change a report, the run-now extension and the execution log, on each metadata store.
import { describe, expect, it } from 'vitest';
import { ok, rison, STORE_BACKENDS, title } from '../api/chart-harness.js';
import { reportBody, useReportWorld } from './report-harness.js';

const BASE = '/api/v1/report/';

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.url)(title('Report API', backend), () => {
    const w = useReportWorld(backend);

    it('creates, reads, lists, updates and deletes a report in Superset’s shapes', async () => {
      const body = reportBody({
        name: 'Daily orders',
        description: 'orders by customer',
        chart: w.chartId,
        timezone: 'Europe/Paris',
        crontab: '0 9 * * 1-5',
        creation_method: 'charts',
        extra: {},
      });
      const created = ok(await w.alpha.session.request({ method: 'POST', url: BASE, payload: body }), 201);
      expect(created).toEqual({ id: expect.any(Number), result: expect.objectContaining({ name: 'Daily orders' }) });
      const id = created.id as number;

      const read = ok(await w.alpha.session.request({ method: 'GET', url: `${BASE}${id}` })).result;
      expect(read).toMatchObject({
        id,
        type: 'Report',
        name: 'Daily orders',
        active: true,
        crontab: '0 9 * * 1-5',
        timezone: 'Europe/Paris',
        report_format: 'CSV',
        creation_method: 'charts',
        chart: { id: w.chartId, slice_name: 'Orders by customer', viz_type: 'table' },
        dashboard: null,
        database: null,
        owners: [{ id: w.alpha.id, first_name: 'alpha', last_name: 'Tester' }],
        last_state: 'Not triggered',
        log_retention: 90,
        grace_period: 14400,
        working_timeout: 3600,
        force_screenshot: false,
        custom_width: null,
        extra: {},
      });
      expect(read.recipients).toEqual([
        { id: expect.any(Number), type: 'Email', recipient_config_json: '{"target":"team@example.com"}' },
      ]);

      const list = ok(
        await w.alpha.session.request({
          method: 'GET',
          url: `${BASE}?q=${rison({
            filters: [
              { col: 'name', opr: 'ct', value: 'daily' },
              { col: 'type', opr: 'eq', value: 'Report' },
              { col: 'chart_id', opr: 'eq', value: w.chartId },
            ],
            order_column: 'name',
            order_direction: 'asc',
            page: 0,
            page_size: 25,
          })}`,
        }),
      );
      expect(list.count).toBe(1);
      expect(list.ids).toEqual([id]);
      expect(list.result[0]).toMatchObject({
        id,
        name: 'Daily orders',
        active: true,
        crontab_humanized: 'At 09:00 AM, Monday through Friday',
        created_by: { id: w.alpha.id },
        owners: [{ id: w.alpha.id }],
        recipients: [{ id: expect.any(Number), type: 'Email' }],
        chart_id: w.chartId,
        dashboard_id: null,
        timezone: 'Europe/Paris',
      });

      // Superset's alert list filters by owner (rel_m_m), creator (rel_o_m) and the active switch.
      const mine = ok(
        await w.alpha.session.request({
          method: 'GET',
          url: `${BASE}?q=${rison({
            filters: [
              { col: 'owners', opr: 'rel_m_m', value: w.alpha.id },
              { col: 'created_by', opr: 'rel_o_m', value: w.alpha.id },
              { col: 'active', opr: 'eq', value: true },
            ],
          })}`,
        }),
      );
      expect(mine.ids).toContain(id);
      const others = ok(
        await w.admin.request({
          method: 'GET',
          url: `${BASE}?q=${rison({ filters: [{ col: 'owners', opr: 'rel_m_m', value: w.peer.id }] })}`,
        }),
      );
      expect(others.ids).not.toContain(id);

      // Superset's report dialog turns a report off and back on with a PUT of `active` alone.
      ok(await w.alpha.session.request({ method: 'PUT', url: `${BASE}${id}`, payload: { active: false } }));
      const moved = ok(
        await w.alpha.session.request({
          method: 'PUT',
          url: `${BASE}${id}`,
          payload: {
            dashboard: w.dashboardId,
            report_format: 'PNG',
            recipients: [
              { type: 'Email', recipient_config_json: { target: 'a@example.com, b@example.com' } },
              { type: 'Webhook', recipient_config_json: { target: 'https://hooks.example.com/x' } },
            ],
          },
        }),
      );
      expect(moved).toMatchObject({ id });
      const after = ok(await w.alpha.session.request({ method: 'GET', url: `${BASE}${id}` })).result;
      expect(after).toMatchObject({
        active: false,
        chart: null,
        dashboard: { id: w.dashboardId, dashboard_title: 'Shop' },
      });
      expect(after.recipients.map((r: { type: string }) => r.type)).toEqual(['Email', 'Webhook']);

      const info = ok(
        await w.alpha.session.request({ method: 'GET', url: `${BASE}_info?q=${rison({ keys: ['permissions'] })}` }),
      );
      expect(info).toEqual({ permissions: ['can_read', 'can_write'] });

      expect(ok(await w.alpha.session.request({ method: 'DELETE', url: `${BASE}${id}` }))).toEqual({ message: 'OK' });
      expect((await w.alpha.session.request({ method: 'GET', url: `${BASE}${id}` })).statusCode).toBe(404);
      const left = await w.t.ctx.store.db
        .selectFrom('report_recipient')
        .selectAll()
        .where('report_schedule_id', '=', id)
        .execute();
      expect(left).toEqual([]);
    });

    it('refuses bad input with a message on the field, writing nothing', async () => {
      const count = async () =>
        Number(
          (
            await w.t.ctx.store.db
              .selectFrom('report_schedule')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const cases: Array<[Record<string, unknown>, number, string, string]> = [
        [{ crontab: '61 * * * *' }, 400, 'crontab', 'Cron expression is not valid'],
        [{ crontab: 'every day' }, 400, 'crontab', 'Cron expression is not valid'],
        [{ timezone: 'Mars/Olympus_Mons' }, 400, 'timezone', 'IANA'],
        [
          { recipients: [{ type: 'Email', recipient_config_json: { target: 'not-an-address' } }] },
          400,
          'recipients.0.recipient_config_json.target',
          'Not a valid email address.',
        ],
        [
          { recipients: [{ type: 'Webhook', recipient_config_json: { target: 'file:///etc/passwd' } }] },
          400,
          'recipients.0.recipient_config_json.target',
          'Not a valid URL.',
        ],
        [{ report_format: 'GIF' }, 400, 'report_format', 'Must be one of'],
        [{ custom_width: 100 }, 400, 'custom_width', 'Screenshot width must be between 600px and 2400px'],
        [{ working_timeout: 0 }, 400, 'working_timeout', 'Value must be greater than 0'],
        [{ chart: w.chartId, dashboard: w.dashboardId }, 422, 'chart', 'Choose a chart or dashboard not both'],
        [{ chart: 999999 }, 422, 'chart', 'Chart does not exist'],
        [{}, 422, 'chart', 'Must choose either a chart or a dashboard'],
        [{ type: 'Alert', chart: w.chartId, database: w.dbId }, 422, 'sql', 'SQL is required for alerts'],
        [{ type: 'Alert', chart: w.chartId, sql: 'SELECT 1' }, 422, 'database', 'Database is required for alerts'],
        [
          {
            type: 'Alert',
            chart: w.chartId,
            database: w.dbId,
            sql: 'SELECT id FROM orders',
            validator_type: 'not null',
          },
          422,
          'sql',
          'Alert query returned more than one row.',
        ],
        [
          {
            type: 'Alert',
            chart: w.chartId,
            database: w.dbId,
            sql: 'SELECT 1 AS a, 2 AS b',
            validator_type: 'not null',
          },
          422,
          'sql',
          'Alert query returned more than one column. 2 columns returned',
        ],
        [
          { type: 'Alert', chart: w.chartId, database: w.dbId, sql: 'DELETE FROM orders', validator_type: 'not null' },
          422,
          'sql',
          'Only SELECT statements are allowed',
        ],
      ];
      for (const [overrides, status, field, message] of cases) {
        const response = await w.alpha.session.request({ method: 'POST', url: BASE, payload: reportBody(overrides) });
        expect(response.statusCode, JSON.stringify(overrides)).toBe(status);
        const messages = (response.json() as { message: Record<string, string[]> }).message[field];
        expect(messages?.join(' '), `${JSON.stringify(overrides)} → ${response.body}`).toContain(message);
        expect(response.body).not.toContain('at ');
      }
      expect(await count()).toBe(before);
      // The DELETE never ran: the orders are all there.
      const alert = ok(
        await w.alpha.session.request({
          method: 'POST',
          url: BASE,
          payload: reportBody({
            type: 'Alert',
            chart: w.chartId,
            database: w.dbId,
            sql: 'SELECT count(*) FROM orders',
            validator_type: 'operator',
            validator_config_json: { op: '>', threshold: 4 },
          }),
        }),
        201,
      );
      expect(alert.id).toEqual(expect.any(Number));
      const duplicate = await w.alpha.session.request({
        method: 'POST',
        url: BASE,
        payload: reportBody({ name: alert.result.name, chart: w.chartId }),
      });
      expect(duplicate.statusCode).toBe(422);
      expect(duplicate.json().message.name).toEqual(['Name must be unique']);
    });

    it('keeps reports to their owners: others get 404, Gamma has no ReportSchedule at all', async () => {
      const id = ok(
        await w.alpha.session.request({ method: 'POST', url: BASE, payload: reportBody({ chart: w.chartId }) }),
        201,
      ).id as number;
      const peerList = ok(await w.peer.session.request({ method: 'GET', url: BASE }));
      expect(peerList.ids).not.toContain(id);
      expect((await w.peer.session.request({ method: 'GET', url: `${BASE}${id}` })).statusCode).toBe(404);
      expect(
        (await w.peer.session.request({ method: 'PUT', url: `${BASE}${id}`, payload: { name: 'stolen' } })).statusCode,
      ).toBe(404);
      expect((await w.peer.session.request({ method: 'DELETE', url: `${BASE}?q=${rison([id])}` })).statusCode).toBe(
        404,
      );
      expect((await w.peer.session.request({ method: 'POST', url: `${BASE}${id}/run` })).statusCode).toBe(404);
      expect((await w.peer.session.request({ method: 'GET', url: `${BASE}${id}/log/` })).statusCode).toBe(404);
      for (const [method, url] of [
        ['GET', BASE],
        ['GET', `${BASE}${id}`],
        ['POST', BASE],
        ['GET', `${BASE}related/owners`],
      ] as const) {
        const response = await w.gamma.session.request({
          method,
          url,
          ...(method === 'POST' ? { payload: reportBody({ chart: w.chartId }) } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
      // An owner added by the creator may change it; the admin sees every report.
      ok(await w.alpha.session.request({ method: 'PUT', url: `${BASE}${id}`, payload: { owners: [w.peer.id] } }));
      ok(await w.peer.session.request({ method: 'PUT', url: `${BASE}${id}`, payload: { description: 'shared' } }));
      expect(ok(await w.admin.request({ method: 'GET', url: BASE })).ids).toContain(id);
      const stored = await w.t.ctx.store.db
        .selectFrom('report_schedule_user')
        .select('user_id')
        .where('report_schedule_id', '=', id)
        .orderBy('user_id')
        .execute();
      // The caller stays an owner of what they save (Superset's populate_owner_list).
      expect(stored.map((r) => r.user_id).sort()).toEqual([w.alpha.id, w.peer.id].sort());
      const bulk = ok(await w.alpha.session.request({ method: 'DELETE', url: `${BASE}?q=${rison([id])}` }));
      expect(bulk).toEqual({ message: 'Deleted 1 report schedule' });
    });

    it('answers related owners, charts, dashboards and databases the caller may pick', async () => {
      const charts = ok(
        await w.alpha.session.request({ method: 'GET', url: `${BASE}related/chart?q=${rison({ filter: 'orders' })}` }),
      );
      expect(charts.result).toEqual([{ value: w.chartId, text: 'Orders by customer', extra: {} }]);
      const dashboards = ok(await w.alpha.session.request({ method: 'GET', url: `${BASE}related/dashboard` }));
      expect(dashboards.result.map((r: { value: number }) => r.value)).toContain(w.dashboardId);
      const databases = ok(await w.alpha.session.request({ method: 'GET', url: `${BASE}related/database` }));
      expect(databases.result).toContainEqual({ value: w.dbId, text: 'shop', extra: {} });
      const owners = ok(
        await w.alpha.session.request({ method: 'GET', url: `${BASE}related/owners?q=${rison({ filter: 'peer' })}` }),
      );
      expect(owners.result.map((r: { value: number }) => r.value)).toEqual([w.peer.id]);
    });

    it('queues a run now (202) and shows its log in Superset’s shape', async () => {
      const id = ok(
        await w.alpha.session.request({
          method: 'POST',
          url: BASE,
          payload: reportBody({
            chart: w.chartId,
            report_format: 'TEXT',
            recipients: [{ type: 'Webhook', recipient_config_json: { target: w.hook.url } }],
          }),
        }),
        201,
      ).id as number;
      const answer = await w.alpha.session.request({ method: 'POST', url: `${BASE}${id}/run` });
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: 'OK' });
      await w.t.ctx.jobs.drain();
      const log = ok(await w.alpha.session.request({ method: 'GET', url: `${BASE}${id}/log/` }));
      expect(log.count).toBe(1);
      expect(log.result[0]).toEqual({
        id: expect.any(Number),
        uuid: expect.any(String),
        scheduled_dttm: expect.any(String),
        start_dttm: expect.any(String),
        end_dttm: expect.any(String),
        value: null,
        value_row_json: null,
        state: 'Success',
        error_message: null,
      });
      const one = ok(await w.alpha.session.request({ method: 'GET', url: `${BASE}${id}/log/${log.ids[0]}` }));
      expect(one.result.state).toBe('Success');
      const read = ok(await w.alpha.session.request({ method: 'GET', url: `${BASE}${id}` })).result;
      expect(read.last_state).toBe('Success');
      expect(read.last_eval_dttm).toEqual(expect.any(String));
    });
  });
}
