// POST /nezha/log/: every body form the browser sends, one stored row per event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countLogs } from '../../src/store/logs.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('event log API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('stores a beacon sent as multipart form data, with the dashboard id from the query', async () => {
    const session = await t.login();
    const events = [
      {
        event_name: 'mount_dashboard',
        source: 'dashboard',
        source_id: 7,
        ts: Date.UTC(2026, 0, 2),
        event_type: 'user',
      },
      {
        event_name: 'load_chart',
        source: 'dashboard',
        source_id: 7,
        ts: Date.UTC(2026, 0, 2),
        duration: 120.4,
        event_type: 'timing',
      },
    ];
    const boundary = '----nezhaBoundary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="events"\r\n\r\n${JSON.stringify(events)}\r\n--${boundary}--\r\n`;
    const response = await session.request({
      method: 'POST',
      url: '/nezha/log/?explode=events&dashboard_id=7',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
      csrf: false,
    });
    expect(response.statusCode).toBe(200);
    const rows = await t.ctx.store.db
      .selectFrom('logs')
      .selectAll()
      .where('dashboard_id', '=', 7)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['mount_dashboard', 'load_chart']);
    expect(rows[1]?.duration_ms).toBe(120);
    expect(rows[0]?.dttm).toBe('2026-01-02T00:00:00.000Z');
  });

  it('a ts beyond what a date holds, or ids beyond an integer column, store the row with now and no ids', async () => {
    const session = await t.login();
    const before = Date.now();
    const response = await session.request({
      method: 'POST',
      url: '/superset/log/',
      payload: {
        events: [{ event_name: 'far_future', source: 'dashboard', source_id: 2 ** 53, ts: 2 ** 53, duration: 1e12 }],
      },
      csrf: false,
    });
    expect(response.statusCode).toBe(200);
    const row = await t.ctx.store.db
      .selectFrom('logs')
      .selectAll()
      .where('action', '=', 'far_future')
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.dttm as string)).toBeGreaterThanOrEqual(before - 1000);
    expect([row.dashboard_id, row.duration_ms]).toEqual([null, null]);
  });

  it('accepts url-encoded form fields and JSON lists', async () => {
    const session = await t.login();
    const before = await countLogs(t.ctx.store.db);
    const form = await session.request({
      method: 'POST',
      url: '/nezha/log/?explode=events',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `events=${encodeURIComponent(JSON.stringify([{ event_name: 'spa_navigation' }]))}`,
    });
    expect(form.statusCode).toBe(200);
    const json = await session.request({
      method: 'POST',
      url: '/nezha/log/',
      payload: [{ event_name: 'a' }, { event_name: 'b' }],
    });
    expect(json.statusCode).toBe(200);
    expect(await countLogs(t.ctx.store.db)).toBe(before + 3);
  });

  it('refuses more than 1024 events or undecodable JSON and stores nothing', async () => {
    const session = await t.login();
    const before = await countLogs(t.ctx.store.db);
    const many = Array.from({ length: 1025 }, (_, i) => ({ event_name: `e${i}` }));
    const tooMany = await session.request({ method: 'POST', url: '/nezha/log/', payload: { events: many } });
    expect(tooMany.statusCode).toBe(400);
    const garbled = await session.request({
      method: 'POST',
      url: '/nezha/log/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'events=%5Bnot-json',
    });
    expect(garbled.statusCode).toBe(400);
    expect(await countLogs(t.ctx.store.db)).toBe(before);
  });

  it('anonymous callers cannot write to the log', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/nezha/log/',
      payload: { events: [{ event_name: 'x' }] },
    });
    expect(response.statusCode).toBe(401);
  });
});
