// The saved column viz type: the expression's sample values with their counts.
import { describe, expect, it } from 'vitest';
import { answer, chartProps } from '../test-utils';
import buildQuery from './build-query';
import transformProps from './transform-props';

const formData = { datasource: '1__table', viz_type: 'saved_column', expression: ' UPPER(weather) ', row_limit: 100 };

describe('saved column viz type', () => {
  it('groups by the trimmed expression as an adhoc column and counts rows, the most frequent first', () => {
    const [query] = buildQuery(formData).queries;
    expect(query?.columns).toEqual([{ expressionType: 'SQL', sqlExpression: 'UPPER(weather)', label: 'value' }]);
    expect(query?.metrics?.map((metric) => (typeof metric === 'string' ? metric : metric.label))).toEqual(['count']);
    expect(query?.orderby?.[0]?.[1]).toBe(false);
    expect(query?.row_limit).toBe(100);
  });

  it('shows the values with their counts', () => {
    const props = transformProps(chartProps(formData, [answer([{ value: 'RAIN', count: 641 }])]));
    expect(props.columns.map((column) => column.key)).toEqual(['value', 'count']);
    expect(props.rows).toEqual([{ value: 'RAIN', count: 641 }]);
  });
});
