// The cohort viz type: members (distinct dimension tuples) with their counts, ranked and limited to the top series.
import { describe, expect, it } from 'vitest';
import { answer, chartProps, sumOf } from '../test-utils';
import buildQuery from './build-query';
import { cohortMembers, memberLabel } from './members';
import transformProps from './transform-props';

const formData = {
  datasource: '1__table',
  viz_type: 'cohort',
  dimensions: ['location', 'weather'],
  adhoc_filters: [{ expressionType: 'SQL' as const, clause: 'WHERE' as const, sqlExpression: 'precipitation > 0' }],
  row_limit: 1000,
};

describe('cohort viz type', () => {
  it('groups by the dimensions and counts rows, the largest member first', () => {
    const [query] = buildQuery(formData).queries;
    expect(query?.columns).toEqual(['location', 'weather']);
    expect(query?.metrics).toEqual([
      { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count', hasCustomLabel: true },
    ]);
    expect(query?.orderby?.[0]?.[1]).toBe(false);
    expect(query?.row_limit).toBe(1000);
    expect(query?.extras?.where).toContain('precipitation > 0');
  });

  it('keeps as many members as the top series, ranked by the sort metric', () => {
    const [query] = buildQuery({ ...formData, limit: 5, timeseries_limit_metric: sumOf('precipitation') }).queries;
    expect(query?.row_limit).toBe(5);
    expect(query?.orderby).toEqual([[sumOf('precipitation'), false]]);
    expect(query?.metrics).toHaveLength(2);
  });

  it('members are values for one dimension and tuples for several, labelled by their values', () => {
    const rows = [{ location: 'Seattle', weather: 'rain', count: 3 }];
    expect(cohortMembers(['weather'], rows)).toEqual(['rain']);
    expect(cohortMembers(['location', 'weather'], rows)).toEqual([['Seattle', 'rain']]);
    expect(memberLabel(['Seattle', 'rain'])).toBe('Seattle, rain');
  });

  it('lists the members with their counts', () => {
    const props = transformProps(chartProps(formData, [answer([{ location: 'Seattle', weather: 'rain', count: 3 }])]));
    expect(props.columns.map((column) => column.key)).toEqual(['location', 'weather', 'count']);
    expect(props.groupby).toEqual(['location', 'weather']);
  });
});
