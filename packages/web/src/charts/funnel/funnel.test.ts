// Funnel: steps in descending order with percentages from the first step, the previous one or the total.
import { describe, expect, it } from 'vitest';
import { answer, chartProps, SUM_NUM } from '../test-utils';
import buildQuery from './build-query';
import transformProps, { funnelPercents } from './transform-props';

const formData = { datasource: '1__table', viz_type: 'funnel', groupby: ['stage'], metric: SUM_NUM };

describe('funnel', () => {
  it('queries the metric per step, largest first', () => {
    expect(buildQuery(formData).queries[0]).toMatchObject({
      columns: ['stage'],
      metrics: [SUM_NUM],
      orderby: [[SUM_NUM, false]],
    });
  });

  it('percentages follow the chosen basis', () => {
    expect(funnelPercents([100, 50, 25], 'first_step')).toEqual([100, 50, 25]);
    expect(funnelPercents([100, 50, 25], 'prev_step')).toEqual([100, 50, 50]);
    expect(funnelPercents([100, 50, 50], 'total')).toEqual([50, 25, 25]);
  });

  it('orders steps from the largest and labels them with the percentage', () => {
    const props = transformProps(
      chartProps({ ...formData, label_type: 'key_percent' }, [
        answer([
          { stage: 'b', 'SUM(num)': 40 },
          { stage: 'a', 'SUM(num)': 80 },
        ]),
      ]),
    );
    const series = (
      props.echartOptions.series as Array<{
        data: Array<{ name: string }>;
        label: { formatter: (p: { name: string; value: number }) => string };
      }>
    )[0];
    expect(series?.data.map((item) => item.name)).toEqual(['a', 'b']);
    expect(series?.label.formatter({ name: 'b', value: 40 })).toBe('b: 50.00%');
  });

  it('keeps the funnel centred: the room kept for the labels on the right is kept on the left too', () => {
    for (const legendOrientation of ['top', 'bottom']) {
      const props = transformProps(
        chartProps({ ...formData, legendOrientation }, [answer([{ stage: 'a', 'SUM(num)': 80 }])]),
      );
      const series = (props.echartOptions.series as Array<{ left: number; right: number }>)[0];
      expect(series?.right).toBeGreaterThan(100);
      expect(series?.left).toBe(series?.right);
    }
  });
});
