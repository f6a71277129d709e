// PNG and PDF reports drawn by headless Chromium signed in as the report's owner, against the built web app served
// by the test's own app on a free port: the PNG decodes at the asked width and is not blank, the PDF has its pages.
import { existsSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emptyLayout, GRID_ID, type LayoutComponent, newComponent, serializeLayout, withParents } from '@nezha/core';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { schedulePass } from '../../src/reports/scheduler.js';
import { chromiumMissingMessage } from '../../src/reports/screenshot.js';
import { ok } from '../api/chart-harness.js';
import { createDashboard } from '../api/dashboard-harness.js';
import { STORE_BACKENDS } from '../support/sqllab-fixtures.js';
import { reportBody, useReportWorld } from './report-harness.js';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** Share of pixels that are not (near) white: a blank page is all background. */
function inkShare(png: PNG): number {
  let ink = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    const [r, g, b] = [png.data[i] ?? 255, png.data[i + 1] ?? 255, png.data[i + 2] ?? 255];
    if (r < 235 || g < 235 || b < 235) ink += 1;
  }
  return ink / (png.width * png.height);
}

/** Pages of a PDF as Chromium writes it: one `/Type /Page` dictionary each. */
function pdfPages(bytes: Buffer): { count: number; widths: number[] } {
  const text = bytes.toString('latin1');
  const count = (text.match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
  const widths = [...text.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => Number(m[1]));
  return { count, widths };
}

const sqlite = STORE_BACKENDS[0]!;

describe.skipIf(!existsSync(path.join(WEB_DIST, 'index.html')))('Screenshot reports (needs npm run build)', () => {
  const w = useReportWorld(sqlite, { NEZHA_WEB_DIST: WEB_DIST });

  beforeAll(async () => {
    await w.t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = w.t.app.server.address() as AddressInfo;
    w.t.ctx.config.reports.webdriverBaseUrl = `http://127.0.0.1:${port}/`;
  });

  async function runNow(body: Record<string, unknown>) {
    const id = ok(
      await w.alpha.session.request({ method: 'POST', url: '/api/v1/report/', payload: reportBody(body) }),
      201,
    ).id as number;
    expect((await w.alpha.session.request({ method: 'POST', url: `/api/v1/report/${id}/run` })).statusCode).toBe(202);
    await w.t.ctx.jobs.drain();
    const [log] = await w.t.ctx.store.db
      .selectFrom('report_execution_log')
      .selectAll()
      .where('report_schedule_id', '=', id)
      .execute();
    return log;
  }

  it('mails a PNG of a dashboard at the report’s width, drawn as its owner', async () => {
    const log = await runNow({
      name: 'Shop picture',
      dashboard: w.dashboardId,
      report_format: 'PNG',
      custom_width: 1200,
      recipients: [{ type: 'Email', recipient_config_json: { target: 'png@example.com' } }],
    });
    expect(log, JSON.stringify(log)).toMatchObject({ state: 'Success' });
    const [mail] = w.mail.mails.filter((m) => m.envelopeTo.includes('png@example.com'));
    const image = mail!.parsed.attachments.find((a) => a.contentType === 'image/png');
    expect(image?.filename).toBe('Shop picture.png');
    // Shown in the body, not only attached.
    expect(image).toMatchObject({ cid: 'image0', contentDisposition: 'inline' });
    expect(mail!.parsed.html).toMatch(/<img src="(cid:image0|data:image\/png;base64,)/);
    if (process.env.NEZHA_REPORTS_KEEP_PNG) writeFileSync(process.env.NEZHA_REPORTS_KEEP_PNG, image!.content);
    const png = PNG.sync.read(image!.content);
    expect(png.width).toBe(1200);
    expect(png.height).toBeGreaterThan(300);
    expect(inkShare(png)).toBeGreaterThan(0.01);
    // The owner's session minted for the browser is gone afterwards.
    const sessions = await w.t.ctx.store.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', w.alpha.id)
      .execute();
    expect(sessions).toHaveLength(1);
  });

  it('mails a PNG of one chart', async () => {
    const log = await runNow({
      name: 'Chart picture',
      chart: w.chartId,
      report_format: 'PNG',
      recipients: [{ type: 'Email', recipient_config_json: { target: 'chart-png@example.com' } }],
    });
    expect(log, JSON.stringify(log)).toMatchObject({ state: 'Success' });
    const [mail] = w.mail.mails.filter((m) => m.envelopeTo.includes('chart-png@example.com'));
    const png = PNG.sync.read(mail!.parsed.attachments[0]!.content);
    expect(png.width).toBeGreaterThan(200);
    expect(png.height).toBeGreaterThan(100);
    expect(inkShare(png)).toBeGreaterThan(0.005);
  });

  it('mails a PDF of a dashboard with its pages at the report’s width', async () => {
    const log = await runNow({
      name: 'Shop document',
      dashboard: w.dashboardId,
      report_format: 'PDF',
      custom_width: 1200,
      recipients: [{ type: 'Email', recipient_config_json: { target: 'pdf@example.com' } }],
    });
    expect(log, JSON.stringify(log)).toMatchObject({ state: 'Success' });
    const [mail] = w.mail.mails.filter((m) => m.envelopeTo.includes('pdf@example.com'));
    const pdf = mail!.parsed.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.content.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdfPages(pdf!.content);
    // One chart on one row fits a page; 1200 CSS px are 900 pt.
    expect(pages.count).toBe(1);
    expect(pages.widths[0]).toBeCloseTo(900, 0);
  });

  it('draws the tab its anchor names', async () => {
    // Two tabs, each a row with one chart; the second tab's chart is another one, drawn only when that tab shows.
    const second = ok(
      await w.alpha.session.request({
        method: 'POST',
        url: '/api/v1/chart/',
        payload: {
          slice_name: 'Orders by total',
          viz_type: 'table',
          datasource_id: w.ordersId,
          datasource_type: 'table',
          params: JSON.stringify({
            datasource: `${w.ordersId}__table`,
            viz_type: 'table',
            groupby: ['total'],
            metrics: ['count'],
          }),
        },
      }),
      201,
    ).id as number;
    const layout = emptyLayout('Tabbed');
    const tabs = newComponent('TABS');
    const tabIds: string[] = [];
    for (const [title, chartId] of [
      ['First', w.chartId],
      ['Second', second],
    ] as const) {
      const tab = newComponent('TAB', { meta: { text: title } });
      const row = newComponent('ROW');
      const chart = newComponent('CHART', { meta: { chartId, width: 6, height: 50 } });
      layout[chart.id] = chart;
      layout[row.id] = { ...row, children: [chart.id] };
      layout[tab.id] = { ...tab, children: [row.id] };
      tabIds.push(tab.id);
    }
    layout[tabs.id] = { ...tabs, children: tabIds } as LayoutComponent;
    layout[GRID_ID] = { ...layout[GRID_ID]!, children: [tabs.id] };
    const dashboardId = await createDashboard(w.alpha.session, {
      dashboard_title: 'Tabbed',
      published: true,
      position_json: JSON.stringify(serializeLayout(withParents(layout))),
    });
    const shots: PNG[] = [];
    for (const [index, anchor] of tabIds.entries()) {
      const log = await runNow({
        name: `Tab ${index}`,
        dashboard: dashboardId,
        report_format: 'PNG',
        custom_width: 1000,
        extra: { dashboard: { anchor } },
        recipients: [{ type: 'Email', recipient_config_json: { target: `tab${index}@example.com` } }],
      });
      // An anchor that is not on the page never settles: Success means the tab was found and shown.
      expect(log, JSON.stringify(log)).toMatchObject({ state: 'Success' });
      const [mail] = w.mail.mails.filter((m) => m.envelopeTo.includes(`tab${index}@example.com`));
      shots.push(PNG.sync.read(mail!.parsed.attachments[0]!.content));
    }
    const [first, other] = shots as [PNG, PNG];
    expect(first.width).toBe(1000);
    expect(Buffer.compare(first.data, other.data)).not.toBe(0);
  });

  it('says when Chromium is missing', () => {
    const config = {
      ...w.t.ctx,
      config: { ...w.t.ctx.config, reports: { ...w.t.ctx.config.reports, chromiumPath: '/nope/chromium' } },
    };
    expect(chromiumMissingMessage(config)).toContain('Chromium is missing at /nope/chromium');
    expect(chromiumMissingMessage(w.t.ctx)).toBeNull();
  });

  it('logs a screenshot failure as an Error without stopping the scheduler', async () => {
    w.t.ctx.config.reports.chromiumPath = '/nonexistent/chromium';
    try {
      const log = await runNow({ name: 'No browser', dashboard: w.dashboardId, report_format: 'PNG' });
      expect(log).toMatchObject({ state: 'Error' });
      expect(log!.error_message).toContain('Report Schedule execution failed when generating a screenshot.');
      const pass = await schedulePass(w.t.ctx, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:01Z'));
      expect(pass.reports).toBe(0);
    } finally {
      w.t.ctx.config.reports.chromiumPath = '/usr/bin/chromium';
    }
  });
});
