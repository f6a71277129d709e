// When the Run button says the chart is out of date.
import { beforeAll, describe, expect, it } from 'vitest';
import { isChartStale } from './chart-staleness';
import { avgTempMax, registerTestPlugins, TEST_LINE } from './test-fixtures';

beforeAll(registerTestPlugins);

const base = { datasource: '3__table', viz_type: TEST_LINE, metrics: [avgTempMax], groupby: ['location'] };

describe('isChartStale', () => {
  it('a query control change makes the chart stale', () => {
    expect(isChartStale(base, { ...base, groupby: ['weather'] })).toBe(true);
  });

  it('a customize change does not: the chart re-draws without a query', () => {
    expect(isChartStale(base, { ...base, show_legend: false })).toBe(false);
  });

  it('saving the chart (its slice id) does not', () => {
    expect(isChartStale(base, { ...base, slice_id: 4 })).toBe(false);
  });

  it('saving a measure, cohort or column (its id) does not', () => {
    expect(isChartStale(base, { ...base, measure_id: 7, cohort_id: 8, saved_column_id: 9 })).toBe(false);
  });

  it('a chart never queried is stale against any form', () => {
    expect(isChartStale({}, base)).toBe(true);
  });
});
