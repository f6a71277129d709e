// Bubble: x, y and size metrics per entity, one series per dimension value.
import type { AdhocMetric } from '@nezha/core';
import { describe, expect, it } from 'vitest';
import { answer, chartProps, sumOf } from '../test-utils';
import buildQuery from './build-query';
import transformProps, { bubbleSize } from './transform-props';

const metric = sumOf;
const formData = {
  datasource: '1__table',
  viz_type: 'bubble_v2',
  entity: 'country',
  series: 'continent',
  x: metric('gdp'),
  y: metric('co2'),
  size: metric('pop'),
  orderby: [[metric('pop'), false]] as Array<[AdhocMetric, boolean]>,
  limit: 50,
};

describe('bubble_v2', () => {
  it('queries x, y and size per entity and series, in the given order, limit as row limit', () => {
    const query = buildQuery(formData).queries[0];
    expect(query?.columns).toEqual(['country', 'continent']);
    expect(query?.metrics?.map((item) => (item as { column: { column_name: string } }).column.column_name)).toEqual([
      'gdp',
      'co2',
      'pop',
    ]);
    expect(query?.orderby).toEqual([[metric('pop'), false]]);
    expect(query?.row_limit).toBe(50);
    expect(query?.series_limit).toBeUndefined();
  });

  it('bubble area follows size; the largest is twice max_bubble_size across', () => {
    expect(bubbleSize(100, 100, 25)).toBe(50);
    expect(bubbleSize(25, 100, 25)).toBe(25);
    expect(bubbleSize(null, 100, 25)).toBe(4);
  });

  it('groups entities into one series per dimension value', () => {
    const props = transformProps(
      chartProps(formData, [
        answer([
          { country: 'France', continent: 'Europe', 'SUM(gdp)': 3, 'SUM(co2)': 2, 'SUM(pop)': 67 },
          { country: 'Chile', continent: 'America', 'SUM(gdp)': 1, 'SUM(co2)': 1, 'SUM(pop)': 19 },
        ]),
      ]),
    );
    const series = props.echartOptions.series as Array<{
      name: string;
      data: Array<{ name: string; value: unknown[] }>;
    }>;
    expect(series.map((item) => item.name)).toEqual(['America', 'Europe']);
    expect(series[1]?.data[0]).toMatchObject({ name: 'France', value: [3, 2, 67] });
    expect(props.groupby).toEqual(['continent']);
  });

  it('orders the series naturally and names the axes after their metrics unless titled', () => {
    const rows = [5, 2, 10, 1].map((cluster) => ({
      country: `c${cluster}`,
      continent: cluster,
      'SUM(gdp)': cluster,
      'SUM(co2)': 1,
      'SUM(pop)': 1,
    }));
    const props = transformProps(chartProps(formData, [answer(rows, { continent: 1 })]));
    const series = props.echartOptions.series as Array<{ name: string }>;
    expect(series.map((item) => item.name)).toEqual(['1', '2', '5', '10']);
    const axisName = (axis: string) => (props.echartOptions[axis] as { name: string }).name;
    expect([axisName('xAxis'), axisName('yAxis')]).toEqual(['SUM(gdp)', 'SUM(co2)']);
    const titled = transformProps(chartProps({ ...formData, x_axis_label: 'GDP' }, [answer(rows, { continent: 1 })]));
    expect((titled.echartOptions.xAxis as { name: string }).name).toBe('GDP');
  });
});
