// Request fillers of alerts and reports: each call that reads, changes or runs one gets a fresh report of the
// owner's, named with the marker, so only the owner and admins may see or touch it.
import type { Route } from './route-filler-kinds.js';
import { fixed, guarded } from './route-filler-kinds.js';
import type { Filler } from './route-fillers.js';
import type { World } from './world.js';
import { MARKER, rison } from './world.js';

const unique = () => Math.random().toString(36).slice(2, 10);

/** A TEXT report on the owner's chart with no recipients: running it delivers nowhere. */
async function freshReport(w: World): Promise<number> {
  const response = await w.owner.session.request({
    method: 'POST',
    url: '/api/v1/report/',
    payload: {
      type: 'Report',
      name: `report ${MARKER} ${unique()}`,
      description: `about ${MARKER}`,
      crontab: '0 9 * * *',
      chart: w.objects.chartId,
      report_format: 'TEXT',
      recipients: [],
    },
  });
  if (response.statusCode !== 201) throw new Error(`report: ${response.body}`);
  return response.json().id as number;
}

/** A report with one log row whose error names the marker. */
async function freshLog(w: World): Promise<{ id: number; logId: number }> {
  const id = await freshReport(w);
  const now = new Date().toISOString();
  const row = await w.t.ctx.store.db
    .insertInto('report_execution_log')
    .values({
      uuid: crypto.randomUUID(),
      scheduled_dttm: now,
      start_dttm: now,
      end_dttm: now,
      state: 'Error',
      error_message: `failed for ${MARKER}`,
      report_schedule_id: id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, logId: row.id };
}

export const REPORT_FILLERS: Record<Route, Filler> = {
  'GET /api/v1/report/': guarded('owned', async (w) => {
    await freshReport(w);
    return { url: `/api/v1/report/?q=${rison({ page: 0, page_size: 100 })}` };
  }),
  'GET /api/v1/report/:pk': guarded('owned', async (w) => ({ url: `/api/v1/report/${await freshReport(w)}` })),
  'POST /api/v1/report/': fixed('nothing', (w) => ({
    url: '/api/v1/report/',
    payload: {
      type: 'Report',
      name: `mine ${unique()}`,
      crontab: '*/5 * * * *',
      dashboard: w.objects.dashboardId,
      report_format: 'PNG',
      recipients: [{ type: 'Email', recipient_config_json: { target: 'me@example.com' } }],
    },
  })),
  'PUT /api/v1/report/:pk': guarded('owned', async (w) => {
    const id = await freshReport(w);
    return {
      url: `/api/v1/report/${id}`,
      payload: { active: false },
      guard: { url: `/api/v1/report/${id}`, as: 'admin' },
    };
  }),
  'DELETE /api/v1/report/:pk': guarded('owned', async (w) => {
    const id = await freshReport(w);
    return { url: `/api/v1/report/${id}`, guard: { url: `/api/v1/report/${id}`, as: 'admin' } };
  }),
  'DELETE /api/v1/report/': guarded('owned', async (w) => {
    const id = await freshReport(w);
    return { url: `/api/v1/report/?q=${rison([id])}`, guard: { url: `/api/v1/report/${id}`, as: 'admin' } };
  }),
  'POST /api/v1/report/:pk/run': guarded(
    'owned',
    async (w) => {
      const id = await freshReport(w);
      // The claim table says whether a run was queued; the guard reads the report's log as the admin.
      return { url: `/api/v1/report/${id}/run`, guard: { url: `/api/v1/report/${id}/log/`, as: 'admin' } };
    },
    202,
  ),
  'GET /api/v1/report/:pk/log/': guarded('owned', async (w) => {
    const { id } = await freshLog(w);
    return { url: `/api/v1/report/${id}/log/` };
  }),
  'GET /api/v1/report/:pk/log/:logId': guarded('owned', async (w) => {
    const { id, logId } = await freshLog(w);
    return { url: `/api/v1/report/${id}/log/${logId}` };
  }),
  'GET /api/v1/report/related/owners': fixed('nothing', () => ({ url: '/api/v1/report/related/owners' })),
  'GET /api/v1/report/related/chart': fixed('data', () => ({ url: '/api/v1/report/related/chart' })),
  'GET /api/v1/report/related/dashboard': fixed('data', () => ({ url: '/api/v1/report/related/dashboard' })),
  'GET /api/v1/report/related/database': fixed('database', () => ({ url: '/api/v1/report/related/database' })),
};
