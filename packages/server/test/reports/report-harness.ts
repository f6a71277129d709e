// The reports suites' world: a real SMTP server (smtp-server, mails parsed by mailparser) and an HTTP receiver on
// free local ports, an app whose SMTP settings point at them, a DuckDB shop with an orders chart (query context
// saved) on a dashboard, and an Alpha and a Gamma user.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { ok } from '../api/chart-harness.js';
import { createDashboard, layoutWith } from '../api/dashboard-harness.js';
import { addDatabaseVia, addUser, create, ORDERS_DDL, runOn } from '../support/dataset-fixtures.js';
import type { StoreBackend } from '../support/sqllab-fixtures.js';
import { dataUri, type Session, startTestApp, type TestApp } from '../support/test-app.js';

export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
}

export interface MailServer {
  port: number;
  mails: ReceivedMail[];
  /** Addresses the server refuses with a 550 at RCPT TO. */
  refuse: Set<string>;
  close(): Promise<void>;
}

/** A real SMTP server on a free port, no TLS and no auth, keeping every mail it accepts. */
export async function startMailServer(): Promise<MailServer> {
  const mails: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address)) {
        const error = new Error('5.1.1 Mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed });
          callback();
        })
        .catch(callback);
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return { port, mails, refuse, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface Receiver {
  url: string;
  bodies: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/** A local HTTP endpoint keeping the JSON bodies POSTed to it. */
export async function startReceiver(): Promise<Receiver> {
  const bodies: Array<Record<string, unknown>> = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface ReportWorld {
  t: TestApp;
  mail: MailServer;
  hook: Receiver;
  admin: Session;
  adminId: number;
  dbId: number;
  ordersId: number;
  /** Orders counted by customer, with its query context saved (what CSV and TEXT reports run). */
  chartId: number;
  dashboardId: number;
  alpha: { id: number; session: Session };
  peer: { id: number; session: Session };
  gamma: { id: number; session: Session };
}

export const ORDERS_QUERY_CONTEXT = (datasetId: number) =>
  JSON.stringify({
    datasource: { id: datasetId, type: 'table' },
    force: false,
    queries: [
      {
        columns: ['customer'],
        metrics: ['count'],
        orderby: [['customer', true]],
        row_limit: 1000,
        filters: [],
        extras: {},
      },
    ],
    form_data: { datasource: `${datasetId}__table`, viz_type: 'table', groupby: ['customer'], metrics: ['count'] },
    result_format: 'json',
    result_type: 'full',
  });

export function useReportWorld(backend: StoreBackend, env: Record<string, string> = {}): ReportWorld {
  const world = {} as ReportWorld;
  let drop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const opened = await backend.open();
    drop = opened.drop;
    const mail = await startMailServer();
    const hook = await startReceiver();
    const t = await startTestApp({
      ...(opened.storeUrl ? { storeUrl: opened.storeUrl } : {}),
      env: {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mail.port),
        SMTP_STARTTLS: 'false',
        SMTP_MAIL_FROM: 'reports@nezha.test',
        NEZHA_REPORTS_RETRY_BASE_MS: '5',
        ...env,
      },
    });
    const admin = await t.login();
    const adminId = (await admin.request({ method: 'GET', url: '/api/v1/me/' })).json().result.id as number;
    const dbId = await addDatabaseVia(admin, 'shop', dataUri('duckdb', 'shop.duckdb'));
    await runOn(t, dbId, [...ORDERS_DDL]);
    const ordersId = (await create(admin, { database: dbId, schema: 'main', table_name: 'orders' })).json()
      .id as number;
    const chartId = ok(
      await admin.request({
        method: 'POST',
        url: '/api/v1/chart/',
        payload: {
          slice_name: 'Orders by customer',
          viz_type: 'table',
          datasource_id: ordersId,
          datasource_type: 'table',
          params: JSON.stringify({
            datasource: `${ordersId}__table`,
            viz_type: 'table',
            groupby: ['customer'],
            metrics: ['count'],
          }),
          query_context: ORDERS_QUERY_CONTEXT(ordersId),
        },
      }),
      201,
    ).id as number;
    const dashboardId = await createDashboard(admin, {
      dashboard_title: 'Shop',
      published: true,
      position_json: JSON.stringify(layoutWith([chartId], 'Shop')),
    });
    Object.assign(world, {
      t,
      mail,
      hook,
      admin,
      adminId,
      dbId,
      ordersId,
      chartId,
      dashboardId,
      alpha: await addUser(t, 'alpha', ['Alpha']),
      peer: await addUser(t, 'peer', ['Alpha']),
      gamma: await addUser(t, 'gamma', ['Gamma']),
    });
  });
  afterAll(async () => {
    await world.t?.close();
    await world.mail?.close();
    await world.hook?.close();
    await drop();
  });
  return world;
}

/** A report body with the fields a test does not care about filled in. */
export function reportBody(overrides: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'Report',
    name: `report ${Math.random().toString(36).slice(2, 10)}`,
    crontab: '0 9 * * *',
    timezone: 'UTC',
    report_format: 'CSV',
    creation_method: 'alerts_reports',
    active: true,
    recipients: [{ type: 'Email', recipient_config_json: { target: 'team@example.com' } }],
    ...overrides,
  };
}
