// The calculated measure viz type: the saved measures its expressions read are queried, the expressions evaluated.
import { describe, expect, it } from 'vitest';
import { answer, chartProps } from '../test-utils';
import buildQuery from './build-query';
import transformProps, { calculatedRows } from './transform-props';

const formData = {
  datasource: '1__table',
  viz_type: 'calculated_measure',
  groupby: ['location'],
  measures: [
    { name: 'wet_share', expressionType: 'SQL', expression: 'wet_days / "all days"' },
    { name: 'spread', expressionType: 'SQL', expression: '(high - low) * 2' },
    { name: 'broken', expressionType: 'SQL', expression: 'SUM(x)' },
  ],
};

describe('calculated measure viz type', () => {
  it('queries each referenced saved measure once, by name; an expression that does not parse adds nothing', () => {
    const [query] = buildQuery(formData).queries;
    expect(query?.metrics).toEqual(['wet_days', 'all days', 'high', 'low']);
    expect(query?.columns).toEqual(['location']);
  });

  it('evaluates the expressions per row, with NULL for a zero divisor', () => {
    const rows = calculatedRows(
      chartProps(formData, [
        answer([
          { location: 'Seattle', wet_days: 150, 'all days': 600, high: 20, low: 8 },
          { location: 'New York', wet_days: 3, 'all days': 0, high: 25, low: 10 },
        ]),
      ]),
    );
    expect(rows.colnames).toEqual(['location', 'wet_share', 'spread']);
    expect(rows.data).toEqual([
      { location: 'Seattle', wet_share: 0.25, spread: 24 },
      { location: 'New York', wet_share: null, spread: 30 },
    ]);
  });

  it('shows the calculated values as table columns', () => {
    const props = transformProps(
      chartProps(formData, [answer([{ location: 'Seattle', wet_days: 1, 'all days': 4, high: 2, low: 1 }])]),
    );
    expect(props.columns.map((column) => column.key)).toEqual(['location', 'wet_share', 'spread']);
    expect(props.rows[0]).toMatchObject({ wet_share: 0.25, spread: 2 });
  });
});
