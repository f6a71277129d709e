// The annotation editor's source charts query and the columns it offers from a source chart.
import { describe, expect, it } from 'vitest';
import { SUM_NUM } from '../../charts/test-utils';
import { SOURCE_PAGE_SIZE, sourceChartsQuery, sourceColumns } from './annotation-source';

describe('annotation sources', () => {
  it('asks for one page of table charts named like the search text', () => {
    expect(sourceChartsQuery('table', ' launch ', 2)).toEqual({
      columns: ['id', 'slice_name', 'viz_type'],
      filters: [
        { col: 'viz_type', opr: 'in', value: ['table'] },
        { col: 'slice_name', opr: 'chart_all_text', value: 'launch' },
      ],
      order_column: 'slice_name',
      order_direction: 'asc',
      page: 2,
      page_size: SOURCE_PAGE_SIZE,
    });
  });

  it('time series layers list the time series viz types, without a text filter when nothing is typed', () => {
    const query = sourceChartsQuery('line', '', 0);
    expect(query.filters).toHaveLength(1);
    expect(query.filters[0]?.value).toContain('echarts_timeseries_line');
  });

  it("offers the source chart's columns, time column and metric labels once each", () => {
    expect(
      sourceColumns({
        all_columns: ['ds', 'title', { sqlExpression: 'upper(note)', label: 'NOTE' }],
        groupby: ['title'],
        granularity_sqla: 'ds',
        metrics: [SUM_NUM, 'count'],
      }),
    ).toEqual(['ds', 'title', 'NOTE', 'SUM(num)', 'count']);
  });
});
