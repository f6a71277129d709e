// POST /api/v1/chart/data accepts the query object's time_ui_frame (one of the time range control's frames): it
// changes nothing in the answer, and a value that is not a frame is refused with the field named.
import { describe, expect, it } from 'vitest';
import { ok, STORE_BACKENDS, title, useWorld } from './chart-harness.js';

const [SQLITE_STORE] = STORE_BACKENDS as [(typeof STORE_BACKENDS)[number]];

describe.skipIf(!SQLITE_STORE.url)(title('chart data time_ui_frame', SQLITE_STORE), () => {
  const w = useWorld(SQLITE_STORE);
  const post = (query: Record<string, unknown>) =>
    w.admin.request({
      method: 'POST',
      url: '/api/v1/chart/data',
      payload: {
        datasource: { id: w.ordersId, type: 'table' },
        queries: [{ columns: ['customer'], metrics: ['count'], orderby: [['customer', true]], ...query }],
      },
    });
  const rows = (body: { result: Array<{ data: Array<{ customer: string; count: number }> }> }) =>
    body.result[0]?.data.map((row) => [row.customer, Number(row.count)]);

  it('answers a query carrying its frame as the same query without it', async () => {
    const range = { time_range: 'No filter' };
    const plain = rows(ok(await post(range)));
    expect(plain).toEqual([
      ['ann', 2],
      ['bob', 2],
      ["o'brien", 1],
    ]);
    for (const frame of ['Common', 'Calendar', 'Current', 'Custom', 'Advanced', 'No filter']) {
      expect(rows(ok(await post({ ...range, time_ui_frame: frame }))), frame).toEqual(plain);
    }
  });

  it('refuses a frame the control does not have, naming the field', async () => {
    const answer = await post({ time_range: 'No filter', time_ui_frame: 'Sometime' });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('time_ui_frame');
  });
});
