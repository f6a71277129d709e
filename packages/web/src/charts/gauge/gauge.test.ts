// Gauge: one pointer per group on a shared scale; interval colours.
import { describe, expect, it } from 'vitest';
import { answer, chartProps, SUM_NUM } from '../test-utils';
import buildQuery from './build-query';
import transformProps, { intervalStops, niceMax } from './transform-props';

const formData = { datasource: '1__table', viz_type: 'gauge', groupby: ['city'], metric: SUM_NUM };

describe('gauge', () => {
  it('queries the metric per group', () => {
    expect(buildQuery(formData).queries[0]).toMatchObject({ columns: ['city'], metrics: [SUM_NUM] });
  });

  it('without a maximum, the scale ends at a round number above the largest value', () => {
    expect(niceMax(73)).toBe(100);
    expect(niceMax(1.7)).toBe(2);
    expect(niceMax(0)).toBe(1);
    const props = transformProps(
      chartProps(formData, [
        answer([
          { city: 'a', 'SUM(num)': 73 },
          { city: 'b', 'SUM(num)': 12 },
        ]),
      ]),
    );
    expect((props.echartOptions.series as Array<{ min: number; max: number; data: unknown[] }>)[0]).toMatchObject({
      min: 0,
      max: 100,
    });
  });

  it('min and max controls win; the value formatter is a suffix', () => {
    const props = transformProps(
      chartProps({ ...formData, min_val: 10, max_val: 50, value_formatter: '%' }, [
        answer([{ city: 'a', 'SUM(num)': 20 }]),
      ]),
    );
    const series = (
      props.echartOptions.series as Array<{
        min: number;
        max: number;
        data: Array<{ detail: { formatter: (v: number) => string } }>;
      }>
    )[0];
    expect(series).toMatchObject({ min: 10, max: 50 });
    expect(series?.data[0]?.detail.formatter(20)).toBe('20%');
  });

  it('intervals become colour stops of the axis line', () => {
    expect(intervalStops([50, 100], [2, 1], 0, 100, ['#a', '#b'])).toEqual([
      [0.5, '#b'],
      [1, '#a'],
    ]);
  });

  it('axis labels sit inside the axis line, clear of its width (ECharts adds the split line offsets to theirs)', () => {
    for (const overlap of [true, false]) {
      const props = transformProps(
        chartProps({ ...formData, overlap }, [
          answer([
            { city: 'a', 'SUM(num)': 20 },
            { city: 'b', 'SUM(num)': 30 },
          ]),
        ]),
      );
      const series = (
        props.echartOptions.series as Array<{
          axisLine: { lineStyle: { width: number } };
          splitLine: { length: number; distance: number };
          axisLabel: { distance: number };
        }>
      )[0];
      if (!series) throw new Error('no series');
      // How far inside the outer radius ECharts anchors each label (GaugeView's label position).
      const inset = series.splitLine.length + series.axisLabel.distance + series.splitLine.distance;
      expect(inset).toBeGreaterThanOrEqual(series.axisLine.lineStyle.width + 8);
    }
  });
});
