// Time series buildQuery (the query object and its post-processing) and transformProps (series and axes).
import type { QueryFormData } from '@nezha/core';
import { describe, expect, it } from 'vitest';
import { answer, chartProps, SUM_NUM } from '../../test-utils';
import { buildTimeseriesQuery } from './build-query';
import { transformTimeseriesProps } from './transform-props';

const formData: QueryFormData = {
  datasource: '3__table',
  viz_type: 'echarts_timeseries_line',
  x_axis: 'ds',
  time_grain_sqla: 'P1M',
  metrics: [SUM_NUM],
  groupby: ['state'],
  limit: 5,
  time_range: 'Last year',
};

describe('buildTimeseriesQuery', () => {
  const context = buildTimeseriesQuery(formData);
  const query = context.queries[0];

  it('makes the x-axis the time-bucketed base axis, followed by the groupby', () => {
    expect(context.datasource).toEqual({ id: 3, type: 'table' });
    expect(query?.columns).toEqual([
      {
        timeGrain: 'P1M',
        columnType: 'BASE_AXIS',
        sqlExpression: 'ds',
        label: 'ds',
        expressionType: 'SQL',
        isColumnReference: true,
      },
      'state',
    ]);
    expect(query?.series_columns).toEqual(['state']);
    expect(query?.series_limit).toBe(5);
    expect(query?.extras?.time_grain_sqla).toBe('P1M');
    expect(query?.time_range).toBe('Last year');
  });

  it('orders by the first metric, descending, for the series limit', () => {
    expect(query?.orderby).toEqual([[SUM_NUM, false]]);
  });

  it('pivots on the x-axis with the groupby as columns, then flattens', () => {
    expect(query?.post_processing).toEqual([
      {
        operation: 'pivot',
        options: {
          index: ['ds'],
          columns: ['state'],
          aggregates: { 'SUM(num)': { operator: 'mean' } },
          drop_missing_columns: true,
        },
      },
      // truncate_metric: one metric with a groupby drops the metric level from the series names.
      { operation: 'rename', options: { columns: { 'SUM(num)': null }, level: 0, inplace: true } },
      { operation: 'flatten' },
    ]);
  });

  it('adds rolling, resample and contribution steps in Superset order', () => {
    const steps = buildTimeseriesQuery({
      ...formData,
      rolling_type: 'mean',
      rolling_periods: 7,
      min_periods: 2,
      resample_rule: '1D',
      resample_method: 'ffill',
      contributionMode: 'row',
    }).queries[0]?.post_processing;
    expect(steps?.map((step) => step.operation)).toEqual([
      'pivot',
      'rolling',
      'resample',
      'rename',
      'contribution',
      'flatten',
    ]);
    expect(steps?.[1]?.options).toEqual({
      rolling_type: 'mean',
      window: 7,
      min_periods: 2,
      columns: { 'SUM(num)': 'SUM(num)' },
    });
    expect(steps?.[2]?.options).toEqual({ rule: '1D', method: 'ffill' });
  });

  it('a cumulative sum is the cum operation', () => {
    const steps = buildTimeseriesQuery({ ...formData, rolling_type: 'cumsum' }).queries[0]?.post_processing;
    expect(steps?.[1]).toEqual({ operation: 'cum', options: { operator: 'sum', columns: { 'SUM(num)': 'SUM(num)' } } });
  });

  it('time comparison asks for time offsets and compares without groupby', () => {
    const query = buildTimeseriesQuery({
      ...formData,
      groupby: [],
      time_compare: ['1 year ago'],
      comparison_type: 'percentage',
    }).queries[0];
    expect(query?.time_offsets).toEqual(['1 year ago']);
    expect(query?.post_processing?.[1]).toEqual({
      operation: 'compare',
      options: {
        source_columns: ['SUM(num)'],
        compare_columns: ['SUM(num)__1 year ago'],
        compare_type: 'percentage',
        drop_original_columns: true,
      },
    });
  });

  it('with a groupby, time comparison compares per series, the derived names left whole', () => {
    const steps = buildTimeseriesQuery({
      ...formData,
      time_compare: ['1 year ago'],
      comparison_type: 'difference',
      rolling_type: 'cumsum',
    }).queries[0]?.post_processing;
    expect(steps?.map((step) => step.operation)).toEqual(['pivot', 'cum', 'compare', 'flatten']);
    expect(steps?.[1]?.options).toEqual({
      operator: 'sum',
      columns: { 'SUM(num)': 'SUM(num)', 'SUM(num)__1 year ago': 'SUM(num)__1 year ago' },
    });
  });

  it('actual values of a time shift are renamed to the shift, the metric level dropped', () => {
    const steps = buildTimeseriesQuery({ ...formData, time_compare: ['1 year ago'], comparison_type: 'values' })
      .queries[0]?.post_processing;
    expect(steps?.find((step) => step.operation === 'rename')?.options).toEqual({
      columns: { 'SUM(num)__1 year ago': '1 year ago', 'SUM(num)': null },
      level: 0,
      inplace: true,
    });
  });

  it('truncate_metric off keeps the metric in the series names', () => {
    const steps = buildTimeseriesQuery({ ...formData, truncate_metric: false }).queries[0]?.post_processing;
    expect(steps?.map((step) => step.operation)).toEqual(['pivot', 'flatten']);
  });

  it('falls back to the legacy time column when no x-axis is set', () => {
    const query = buildTimeseriesQuery({ ...formData, x_axis: undefined, granularity_sqla: 'created' }).queries[0];
    expect(query?.columns?.[0]).toMatchObject({ sqlExpression: 'created', columnType: 'BASE_AXIS' });
  });
});

describe('transformTimeseriesProps', () => {
  const jan = Date.UTC(2024, 0, 1);
  const feb = Date.UTC(2024, 1, 1);
  const result = answer(
    [
      { ds: feb, CA: 5, NY: null },
      { ds: jan, CA: 3, NY: 4 },
    ],
    { ds: 2 },
  );

  it('one series per pivoted column, points sorted by time, nulls kept as gaps', () => {
    const props = transformTimeseriesProps(chartProps(formData, [result]), { seriesType: 'line' });
    const series = props.echartOptions.series as Array<Record<string, unknown>>;
    expect(series.map((item) => item.name)).toEqual(['CA', 'NY']);
    expect(series[0]?.data).toEqual([
      [jan, 3],
      [feb, 5],
    ]);
    expect(series[1]?.data).toEqual([
      [jan, 4],
      [feb, null],
    ]);
    expect(series[0]).toMatchObject({ type: 'line', smooth: false, step: false });
    expect(props.labelMap).toEqual({ CA: ['CA'], NY: ['NY'] });
    expect(props.groupby).toEqual(['state']);
  });

  it('a temporal x column makes a time axis formatted with smart_date', () => {
    const props = transformTimeseriesProps(chartProps(formData, [result]), { seriesType: 'line' });
    const xAxis = props.echartOptions.xAxis as { type: string; axisLabel: { formatter: (value: number) => string } };
    expect(xAxis.type).toBe('time');
    expect(xAxis.axisLabel.formatter(feb)).toBe('February');
  });

  it('series types map to ECharts types, steps and smoothing', () => {
    const typeOf = (seriesType: string) =>
      (
        transformTimeseriesProps(chartProps({ ...formData, seriesType }, [result]), { seriesType: 'line' })
          .echartOptions.series as Array<Record<string, unknown>>
      )[0];
    expect(typeOf('bar')).toMatchObject({ type: 'bar' });
    expect(typeOf('scatter')).toMatchObject({ type: 'scatter' });
    expect(typeOf('smooth')).toMatchObject({ type: 'line', smooth: true });
    expect(typeOf('middle')).toMatchObject({ type: 'line', step: 'middle' });
  });

  it('stacked areas stack and start the axis at zero', () => {
    const props = transformTimeseriesProps(chartProps(formData, [result]), {
      seriesType: 'line',
      area: true,
      stack: true,
    });
    const series = props.echartOptions.series as Array<Record<string, unknown>>;
    expect(series[0]).toMatchObject({ stack: 'total', areaStyle: { opacity: 0.2 } });
    expect((props.echartOptions.yAxis as { scale: boolean }).scale).toBe(false);
  });

  it('"Truncate Y axis" off starts a line chart\'s axis at zero; on (the default) it spans the data', () => {
    const scaleOf = (extra: Record<string, unknown>) =>
      (
        transformTimeseriesProps(chartProps({ ...formData, ...extra }, [result]), { seriesType: 'line' }).echartOptions
          .yAxis as { scale: boolean }
      ).scale;
    expect(scaleOf({ truncateYAxis: false })).toBe(false);
    expect(scaleOf({ truncateYAxis: true })).toBe(true);
    expect(scaleOf({})).toBe(true);
  });

  it('a category x-axis lists its values; a number format reaches the y-axis', () => {
    const props = transformTimeseriesProps(
      chartProps({ ...formData, x_axis: 'name', y_axis_format: ',.1%' }, [
        answer([
          { name: 'b', v: 0.5 },
          { name: 'a', v: 0.25 },
        ]),
      ]),
      { seriesType: 'bar' },
    );
    expect(props.echartOptions.xAxis).toMatchObject({ type: 'category', data: ['b', 'a'] });
    const yAxis = props.echartOptions.yAxis as { axisLabel: { formatter: (value: number) => string } };
    expect(yAxis.axisLabel.formatter(0.5)).toBe('50.0%');
  });

  it('horizontal bars swap the axes and the point order', () => {
    const props = transformTimeseriesProps(
      chartProps({ ...formData, x_axis: 'name', orientation: 'horizontal' }, [answer([{ name: 'a', v: 2 }])]),
      { seriesType: 'bar' },
    );
    expect((props.echartOptions.yAxis as { type: string }).type).toBe('category');
    expect((props.echartOptions.series as Array<{ data: unknown }>)[0]?.data).toEqual([[2, 'a']]);
  });

  it('the expand stack turns values into shares of each x value', () => {
    const props = transformTimeseriesProps(chartProps({ ...formData, stack: 'Expand' }, [result]), {
      seriesType: 'bar',
    });
    const series = props.echartOptions.series as Array<{ data: Array<[number, number | null]> }>;
    expect(series[0]?.data[0]?.[1]).toBeCloseTo(3 / 7);
    expect(series[0]?.data[1]?.[1]).toBe(1);
  });
});
