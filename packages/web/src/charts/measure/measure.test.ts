// The measure and measure line viz types: definitions → adhoc metrics of the preview query, values → table props.
import { describe, expect, it } from 'vitest';
import measureLine from '../measure-line';
import { answer, chartProps } from '../test-utils';
import buildQuery from './build-query';
import transformProps from './transform-props';

const measures = [
  { name: 'avg_high', expressionType: 'SIMPLE', aggregate: 'AVG', column: 'temp_max' },
  { name: 'p90_wind', expressionType: 'SIMPLE', aggregate: 'PERCENTILE', column: 'wind', percentile: '90' },
  { name: 'wet_days', expressionType: 'SQL', expression: 'SUM(CASE WHEN precipitation > 0 THEN 1 END)' },
];
const formData = { datasource: '1__table', viz_type: 'measure', measures, groupby: ['location'], row_limit: 10 };

describe('measure viz type', () => {
  it('queries every definition as an adhoc metric labelled with its name, percentile included', () => {
    const [query] = buildQuery(formData).queries;
    expect(query?.metrics).toEqual([
      {
        expressionType: 'SIMPLE',
        column: { column_name: 'temp_max' },
        aggregate: 'AVG',
        label: 'avg_high',
        hasCustomLabel: true,
      },
      {
        expressionType: 'SIMPLE',
        column: { column_name: 'wind' },
        aggregate: 'PERCENTILE',
        percentile: 90,
        label: 'p90_wind',
        hasCustomLabel: true,
      },
      {
        expressionType: 'SQL',
        sqlExpression: 'SUM(CASE WHEN precipitation > 0 THEN 1 END)',
        label: 'wet_days',
        hasCustomLabel: true,
      },
    ]);
    expect(query?.columns).toEqual(['location']);
    expect(query?.row_limit).toBe(10);
  });

  it('leaves out list entries that are not definitions', () => {
    const [query] = buildQuery({ ...formData, measures: [measures[0], 'junk', null] }).queries;
    expect(query?.metrics).toHaveLength(1);
  });

  it('shows the values in a table, one column per measure after the group', () => {
    const props = transformProps(
      chartProps(formData, [answer([{ location: 'Seattle', avg_high: 16.4, p90_wind: 5.2, wet_days: 151 }])]),
    );
    expect(props.columns.map((column) => column.key)).toEqual(['location', 'avg_high', 'p90_wind', 'wet_days']);
    expect(props.rows).toHaveLength(1);
  });
});

describe('measure line viz type', () => {
  it('draws the definitions as the line chart metrics over the x-axis by the time grain', () => {
    const [query] = measureLine.buildQuery({
      ...formData,
      viz_type: 'measure_line',
      x_axis: 'date',
      time_grain_sqla: 'P1M',
      groupby: [],
    }).queries;
    expect(query?.metrics?.map((metric) => (typeof metric === 'string' ? metric : metric.label))).toEqual([
      'avg_high',
      'p90_wind',
      'wet_days',
    ]);
    expect(JSON.stringify(query?.columns)).toContain('"timeGrain":"P1M"');
  });
});
