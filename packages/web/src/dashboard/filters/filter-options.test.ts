// The native filter option queries: distinct values ordered as configured, narrowed by cascade parents.
import { describe, expect, it } from 'vitest';
import { fixtureFilter } from '../state/test-fixtures';
import { optionLabel, rangeBoundsQuery, selectOptionsQuery } from './filter-options';

describe('filter option queries', () => {
  it('a select filter asks for the distinct values of its column, by value ascending', () => {
    const context = selectOptionsQuery(fixtureFilter(), 7, {});
    expect(context.datasource).toEqual({ id: 1, type: 'table' });
    expect(context.queries[0]).toMatchObject({ columns: ['weather'], metrics: [], orderby: [['weather', true]] });
  });

  it('a sort metric orders the options by it, largest first', () => {
    const context = selectOptionsQuery(fixtureFilter('F', { sortMetric: 'count' }), 7, {});
    expect(context.queries[0]).toMatchObject({ metrics: ['count'], orderby: [['count', false]] });
  });

  it('options follow the cascade parents’ values', () => {
    const dependencies = { filters: [{ col: 'location', op: 'IN' as const, val: ['Seattle'] }] };
    const context = selectOptionsQuery(fixtureFilter(), 7, dependencies);
    expect(context.queries[0]?.filters).toEqual(
      expect.arrayContaining([{ col: 'location', op: 'IN', val: ['Seattle'], isExtra: true }]),
    );
  });

  it('a range filter asks for the column’s minimum and maximum', () => {
    const context = rangeBoundsQuery(
      fixtureFilter('F', { filterType: 'filter_range', targets: [{ datasetId: 1, column: { name: 'temp' } }] }),
      7,
      {},
    );
    expect(context.queries[0]?.metrics?.map((metric) => (typeof metric === 'string' ? metric : metric.label))).toEqual([
      'min',
      'max',
    ]);
  });

  it('null and empty values have readable labels', () => {
    expect([optionLabel(null), optionLabel(''), optionLabel(3)]).toEqual(['<NULL>', '<empty string>', '3']);
  });
});
