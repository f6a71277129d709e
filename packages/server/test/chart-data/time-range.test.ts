// GET /api/v1/time_range/: one range or a list with shifts resolved to since/until; bad input answers 400.
import { encodeRison } from '@nezha/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';

const DAY = 86_400_000;
const text = (time: number) => new Date(time).toISOString().slice(0, 19);

describe('GET /api/v1/time_range/', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login();
  });
  afterAll(async () => t.close());

  const get = (q: unknown) =>
    admin.request({ method: 'GET', url: `/api/v1/time_range/?q=${encodeURIComponent(encodeRison(q))}` });

  it('resolves one range string to since and until', async () => {
    const before = new Date();
    const response = await get('Last week');
    expect(response.statusCode, response.body).toBe(200);
    const today = Date.UTC(before.getUTCFullYear(), before.getUTCMonth(), before.getUTCDate());
    expect(response.json()).toEqual({
      result: [{ since: text(today - 7 * DAY), until: text(today), timeRange: 'Last week' }],
    });
  });

  it('resolves a list of ranges, with shifts, and open ends as empty strings', async () => {
    const response = await get([
      { timeRange: '2020-01-01 : 2020-02-01', shift: '1 year ago' },
      'No filter',
      '2021-03-04T05:06:07 : ',
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toEqual([
      {
        since: '2019-01-01T00:00:00',
        until: '2019-02-01T00:00:00',
        timeRange: '2020-01-01 : 2020-02-01',
        shift: '1 year ago',
      },
      { since: '', until: '', timeRange: 'No filter' },
      { since: '2021-03-04T05:06:07', until: '', timeRange: '2021-03-04T05:06:07 : ' },
    ]);
  });

  it('reads holidays, US dates and the inherited shift as Superset does', async () => {
    const response = await get([
      "HOLIDAY('christmas', DATETIME('2019')) : 1/2/2020",
      { timeRange: '2020-01-01 : 2020-01-31', shift: 'inherit' },
      { timeRange: '2020-03-01 : 2020-04-01', shift: '1 year later' },
      "DATEADD(DATETIME('2020-01-31'), 1, month) : LASTDAY(DATETIME('2020-02-10'), month)",
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.map((r: { since: string; until: string }) => [r.since, r.until])).toEqual([
      ['2019-12-25T00:00:00', '2020-01-02T00:00:00'],
      // 30 days long, so the range 30 days before it.
      ['2019-12-02T00:00:00', '2020-01-01T00:00:00'],
      // A time shift always looks back, whatever its wording.
      ['2019-03-01T00:00:00', '2019-04-01T00:00:00'],
      ['2020-02-29T00:00:00', '2020-02-29T00:00:00'],
    ]);
  });

  it('refuses an unknown holiday and an ambiguous bound in Superset words', async () => {
    const holiday = await get("HOLIDAY('Festivus') : now");
    expect(holiday.statusCode).toBe(400);
    expect(holiday.json().message).toBe('Unexpected time range: Unable to find such a holiday: [Festivus]');
    const ambiguous = await get('7 days : now');
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().message).toBe(
      'Unexpected time range: Time string is ambiguous. Please specify [7 days ago] or [7 days later].',
    );
  });

  it('refuses something that is not a range with "Invalid time range type"', async () => {
    for (const q of [{ nope: 1 }, [], 42]) {
      const response = await get(q);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe('Invalid time range type');
    }
  });

  it('refuses a range it cannot read with the parser message', async () => {
    const response = await get('the other day');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Unexpected time range: Cannot parse time string [the other day]');
    const backwards = await get('2020-02-01 : 2020-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('Unexpected time range: From date cannot be larger than to date');
  });

  it('refuses a caller who is not logged in', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/time_range/?q=${encodeRison('Last day')}` });
    expect(response.statusCode).toBe(401);
  });
});
