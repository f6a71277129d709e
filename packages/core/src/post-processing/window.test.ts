import { describe, expect, it } from 'vitest';
import { cum, diff, rolling } from './window.js';

const series = (values: Array<number | null>) => values.map((y, i) => ({ t: i, y }));
const column = (rows: Array<Record<string, unknown>>, name = 'y') => rows.map((row) => row[name]);

describe('rolling', () => {
  it('needs a full window of non-null values by default and skips nulls inside it', () => {
    const rows = rolling(series([1, 2, null, 4, 5]), { rolling_type: 'sum', window: 2, columns: { y: 'y' } });
    expect(column(rows)).toEqual([null, 3, null, null, 9]);
  });

  it('an explicit min_periods lowers the bar and drops min_periods - 1 leading rows, as Superset does', () => {
    const rows = rolling(series([1, 2, null, 4, 5]), {
      rolling_type: 'sum',
      window: 2,
      min_periods: 1,
      columns: { y: 'y' },
    });
    expect(column(rows)).toEqual([1, 3, 2, 4, 9]);
    expect(column(rows, 't')).toEqual([0, 1, 2, 3, 4]);
  });

  it('mean, sample std, max and min over the window', () => {
    const rows = series([1, 2, 3, 6]);
    expect(column(rolling(rows, { rolling_type: 'mean', window: 3, columns: { y: 'y' } }))).toEqual([
      null,
      null,
      2,
      11 / 3,
    ]);
    expect(column(rolling(rows, { rolling_type: 'std', window: 3, columns: { y: 'y' } }))[2]).toBeCloseTo(1);
    expect(column(rolling(rows, { rolling_type: 'max', window: 2, columns: { y: 'y' } }))).toEqual([null, 2, 3, 6]);
    expect(column(rolling(rows, { rolling_type: 'min', window: 2, columns: { y: 'y' } }))).toEqual([null, 1, 2, 3]);
  });

  it('a centred window looks both ways', () => {
    const rows = rolling(series([1, 2, 3, 4]), { rolling_type: 'sum', window: 3, center: true, columns: { y: 'y' } });
    expect(column(rows)).toEqual([null, 6, 9, null]);
  });

  it('a new target column keeps the source', () => {
    const [, second] = rolling(series([1, 2]), { rolling_type: 'sum', window: 2, columns: { y: 'y_sum' } });
    expect(second).toEqual({ t: 1, y: 2, y_sum: 3 });
  });

  it('refuses a non-positive window or an unknown type', () => {
    expect(() => rolling(series([1]), { rolling_type: 'sum', window: 0, columns: { y: 'y' } })).toThrow(
      'rolling: Window must be > 0',
    );
    expect(() => rolling(series([1]), { rolling_type: 'kurt' as 'sum', window: 1 })).toThrow(
      'Invalid rolling_type: kurt',
    );
  });
});

describe('cum', () => {
  it('missing values count as 0, as Superset fills them: a sum carries on, a product drops to 0', () => {
    expect(column(cum(series([1, null, 3]), { operator: 'sum', columns: { y: 'y' } }))).toEqual([1, 1, 4]);
    expect(column(cum(series([2, 3, null, 4]), { operator: 'prod', columns: { y: 'y' } }))).toEqual([2, 6, 0, 0]);
    expect(column(cum(series([1, 3, 2]), { operator: 'max', columns: { y: 'y' } }))).toEqual([1, 3, 3]);
  });

  it('without a column map it runs over every numeric column of a pivoted result', () => {
    const rows = [
      { ds: 'a', x: 1, y: 2 },
      { ds: 'b', x: 2, y: null },
    ];
    expect(cum(rows, { operator: 'sum' })).toEqual([
      { ds: 'a', x: 1, y: 2 },
      { ds: 'b', x: 3, y: 2 },
    ]);
  });

  it('refuses an unknown operator', () => {
    expect(() => cum(series([1]), { operator: 'avg' as 'sum', columns: { y: 'y' } })).toThrow(
      'cum: Invalid cumulative operator: avg',
    );
  });
});

describe('diff', () => {
  it('subtracts the value `periods` rows earlier, or later when negative', () => {
    expect(column(diff(series([1, 4, null, 10]), { columns: { y: 'y' } }))).toEqual([null, 3, null, null]);
    expect(column(diff(series([1, 4, 6]), { columns: { y: 'd' }, periods: -1 }), 'd')).toEqual([-3, -2, null]);
  });
});
