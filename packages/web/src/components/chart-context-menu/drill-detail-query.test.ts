// Drill to detail's requests: the chart's query with the clicked values, paged; and the count under the same filters.
import type { QueryContext } from '@nezha/core';
import { describe, expect, it } from 'vitest';
import { DRILL_DETAIL_PAGE_SIZE, drillDetailCountQuery, drillDetailRowsQuery } from './drill-detail-query';

const chart: QueryContext = {
  datasource: { id: 3, type: 'table' },
  force: false,
  form_data: { datasource: '3__table', viz_type: 'pie' },
  result_format: 'json',
  result_type: 'full',
  queries: [
    {
      columns: ['weather'],
      metrics: ['count'],
      orderby: [['count', false]],
      filters: [{ col: 'date', op: 'TEMPORAL_RANGE', val: '2014-01-01 : 2015-01-01' }],
      extras: { where: '(wind > 2)', having: 'COUNT(*) > 1' },
      time_range: '2014-01-01 : 2015-01-01',
      row_limit: 100,
      series_limit: 5,
      post_processing: [{ operation: 'pivot' }],
    },
  ],
};

describe('drill to detail queries', () => {
  it('asks drill_detail rows under the chart’s filters and time range plus the clicked values, a page at a time', () => {
    const page2 = drillDetailRowsQuery(chart, [{ col: 'weather', op: '==', val: 'rain' }], 2);
    expect(page2.result_type).toBe('drill_detail');
    expect(page2.queries).toHaveLength(1);
    expect(page2.queries[0]).toMatchObject({
      filters: [
        { col: 'date', op: 'TEMPORAL_RANGE', val: '2014-01-01 : 2015-01-01' },
        { col: 'weather', op: '==', val: 'rain' },
      ],
      extras: { where: '(wind > 2)' },
      time_range: '2014-01-01 : 2015-01-01',
      row_limit: DRILL_DETAIL_PAGE_SIZE,
      row_offset: DRILL_DETAIL_PAGE_SIZE,
    });
    expect(drillDetailRowsQuery(chart, [], 1).queries[0]).toMatchObject({ row_offset: 0 });
  });

  it('a missing clicked value is a NULL test', () => {
    const rows = drillDetailRowsQuery(chart, [{ col: 'weather', op: '==', val: null }], 1);
    expect(rows.queries[0]?.filters?.at(-1)).toEqual({ col: 'weather', op: 'IS NULL' });
  });

  it('counts with COUNT(*) under the same filters, without the chart’s grouping, sorting, limits or HAVING', () => {
    const count = drillDetailCountQuery(chart, [{ col: 'weather', op: '==', val: 'rain' }]);
    expect(count.result_type).toBe('full');
    const [query] = count.queries;
    expect(query).toMatchObject({
      columns: [],
      metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count' }],
      filters: [
        { col: 'date', op: 'TEMPORAL_RANGE', val: '2014-01-01 : 2015-01-01' },
        { col: 'weather', op: '==', val: 'rain' },
      ],
      extras: { where: '(wind > 2)', having: '' },
      time_range: '2014-01-01 : 2015-01-01',
      is_timeseries: false,
      row_limit: 1,
    });
    expect(query?.orderby).toBeUndefined();
    expect(query?.post_processing).toBeUndefined();
    expect(query?.series_limit).toBeUndefined();
  });
});
