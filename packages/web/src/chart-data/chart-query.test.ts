// The one query builder: a viz type's own buildQuery, with force, result type and the time range control's frame.
import type { QueryFormData } from '@nezha/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAllCharts } from '../charts';
import { buildChartQuery, dashboardChartQuery } from './chart-query';

const formData = (vizType: string): QueryFormData => ({
  datasource: '3__table',
  viz_type: vizType,
  metrics: ['count'],
  groupby: ['name'],
  time_range: 'Last week',
  time_ui_frame: 'Common',
});

beforeAll(() => registerAllCharts());

describe('buildChartQuery', () => {
  it('carries time_ui_frame from the form data to each query object, whatever the viz type', () => {
    for (const vizType of ['table', 'pie', 'echarts_timeseries_line', 'big_number_total']) {
      const context = buildChartQuery(formData(vizType), { force: true, result_type: 'results' });
      expect(context.force, vizType).toBe(true);
      expect(context.result_type, vizType).toBe('results');
      expect(context.queries[0], vizType).toMatchObject({ time_range: 'Last week', time_ui_frame: 'Common' });
    }
  });

  it('builds the dashboard’s request from the same builder: full JSON results and the chart’s own state', () => {
    const withPage = dashboardChartQuery(formData('table'), { currentPage: 2, pageSize: 10 }, false);
    expect(withPage).toMatchObject({ force: false, result_format: 'json', result_type: 'full' });
    expect(withPage.queries[0]).toMatchObject({ time_ui_frame: 'Common' });
    expect(withPage).toEqual(
      buildChartQuery(formData('table'), {
        ownState: { currentPage: 2, pageSize: 10 },
        force: false,
        result_format: 'json',
        result_type: 'full',
      }),
    );
  });
});
