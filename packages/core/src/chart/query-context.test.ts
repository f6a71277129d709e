import { describe, expect, it } from 'vitest';
import type { AdhocFilter } from '../filters/adhoc-filter.js';
import type { AdhocMetric } from './adhoc-metric.js';
import { buildQueryContext, datasourceOf } from './query-context.js';
import { buildQueryObject, normalizeOrderBy } from './query-object.js';
import type { PostProcessingStep, QueryFormData } from './query-types.js';

const sumNum: AdhocMetric = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM' };
const nameIn: AdhocFilter = {
  expressionType: 'SIMPLE',
  clause: 'WHERE',
  subject: 'name',
  operatorId: 'IN',
  comparator: ['a', 'b'],
};
const sql = (clause: 'WHERE' | 'HAVING', sqlExpression: string): AdhocFilter => ({
  expressionType: 'SQL',
  clause,
  sqlExpression,
});
const base: QueryFormData = { datasource: '12__table', viz_type: 'table' };

describe('buildQueryContext', () => {
  it('wraps one query object in the chart data request with the spec defaults', () => {
    const formData: QueryFormData = { ...base, metrics: ['count'], groupby: ['gender'] };
    const context = buildQueryContext(formData);
    expect(context).toMatchObject({
      datasource: { id: 12, type: 'table' },
      force: false,
      result_format: 'json',
      result_type: 'full',
      form_data: formData,
    });
    expect(context.queries).toHaveLength(1);
    expect(context.queries[0]).toMatchObject({
      columns: ['gender'],
      metrics: ['count'],
      order_desc: true,
      post_processing: [],
      annotation_layers: [],
      url_params: {},
    });
  });

  it('maps filters, time settings, limits and order from form data', () => {
    const [query] = buildQueryContext({
      ...base,
      metrics: ['count', sumNum],
      adhoc_filters: [nameIn, sql('WHERE', 'a > 1'), sql('HAVING', 'SUM(x) > 5'), sql('WHERE', 'b = 2 -- note')],
      time_range: 'Last week',
      granularity_sqla: 'ds',
      time_grain_sqla: 'P1D',
      row_limit: '100',
      row_offset: 20,
      order_desc: false,
      timeseries_limit_metric: sumNum,
    }).queries;
    expect(query).toMatchObject({
      filters: [{ col: 'name', op: 'IN', val: ['a', 'b'] }],
      extras: { time_grain_sqla: 'P1D', where: '(a > 1) AND (b = 2 -- note\n)', having: '(SUM(x) > 5)' },
      granularity: 'ds',
      time_range: 'Last week',
      row_limit: 100,
      row_offset: 20,
      order_desc: false,
      orderby: [[sumNum, true]],
      series_limit_metric: sumNum,
    });
  });

  it('puts the x-axis first and marks it as the base axis with the time grain', () => {
    const [query] = buildQueryContext({
      ...base,
      x_axis: 'ds',
      groupby: ['gender', 'ds'],
      time_grain_sqla: 'P1W',
    }).queries;
    expect(query?.columns).toEqual([
      {
        timeGrain: 'P1W',
        columnType: 'BASE_AXIS',
        sqlExpression: 'ds',
        label: 'ds',
        expressionType: 'SQL',
        isColumnReference: true,
      },
      'gender',
    ]);
  });

  it('a dashboard extra form data appends filters and overrides time range, time column and grain', () => {
    const extraFilter: AdhocFilter = { ...nameIn, subject: 'country', comparator: ['FR'] };
    const [query] = buildQueryContext({
      ...base,
      adhoc_filters: [nameIn],
      time_range: 'Last week',
      granularity_sqla: 'ds',
      time_grain_sqla: 'P1D',
      extra_form_data: {
        adhoc_filters: [extraFilter],
        filters: [{ col: 'city', op: '==', val: 'Paris' }],
        time_range: 'Last year',
        granularity_sqla: 'other_ds',
        time_grain_sqla: 'P1M',
        custom_form_data: { foo: 1 },
      },
    }).queries;
    // A dashboard's filters are marked, so the server rejects them on a dataset that cannot take them.
    expect(query?.filters).toEqual([
      { col: 'city', op: '==', val: 'Paris', isExtra: true },
      { col: 'name', op: 'IN', val: ['a', 'b'] },
      { col: 'country', op: 'IN', val: ['FR'], isExtra: true },
    ]);
    expect(query).toMatchObject({ time_range: 'Last year', granularity: 'other_ds', custom_form_data: { foo: 1 } });
    expect(query?.extras?.time_grain_sqla).toBe('P1M');
  });

  it('legacy extra filters on time pseudo-columns set time fields, the rest filter rows', () => {
    const [query] = buildQueryContext({
      ...base,
      time_range: 'Last week',
      extra_filters: [
        { col: '__time_range', op: '==', val: 'No filter' },
        { col: '__time_grain', op: '==', val: 'P1M' },
        { col: '__time_col', op: '==', val: 'created' },
        { col: 'country', op: 'IN', val: ['FR'] },
      ],
    }).queries;
    expect(query).toMatchObject({
      time_range: 'No filter',
      granularity: 'created',
      filters: [{ col: 'country', op: 'IN', val: ['FR'] }],
      applied_time_extras: { __time_range: 'No filter', __time_grain: 'P1M', __time_col: 'created' },
    });
    expect(query?.extras?.time_grain_sqla).toBe('P1M');
  });

  it('raw mode takes columns and no metrics; aggregate mode ignores raw columns', () => {
    const both = { ...base, groupby: ['g'], columns: ['c'], metrics: ['count'] };
    expect(buildQueryObject({ ...both, query_mode: 'raw' })).toMatchObject({ columns: ['c'], metrics: undefined });
    expect(buildQueryObject({ ...both, query_mode: 'aggregate' })).toMatchObject({
      columns: ['g'],
      metrics: ['count'],
    });
  });

  it('reads legacy control names and de-duplicates by label', () => {
    const query = buildQueryObject({
      ...base,
      metric: sumNum,
      metrics: [sumNum, 'count'],
      series: ['s'],
      groupby: ['s', ''],
    });
    expect(query.metrics).toEqual([sumNum, 'count']);
    expect(query.columns).toEqual(['s']);
  });

  it('legacy limit feeds the series limit; unset numbers are left out', () => {
    const query = buildQueryObject({ ...base, limit: '10', row_limit: null });
    expect(query).toMatchObject({ series_limit: 10, timeseries_limit: 10 });
    expect(query.row_limit).toBeUndefined();
  });

  it('simple HAVING filters and cohort filters are kept apart for the server', () => {
    const having: AdhocFilter = {
      ...nameIn,
      clause: 'HAVING',
      subject: 'SUM(num)',
      operatorId: 'GREATER_THAN',
      comparator: 5,
    };
    const cohort: AdhocFilter = {
      expressionType: 'COHORT',
      clause: 'WHERE',
      cohort: 3,
      cohortOperatorId: 'IN',
      cohortComparator: ['x'],
    };
    const query = buildQueryObject({ ...base, adhoc_filters: [having, cohort] });
    expect(query.having_filters).toEqual([{ col: 'SUM(num)', op: '>', val: 5 }]);
    expect(query.cohort_filters).toEqual([cohort]);
    expect(query.filters).toEqual([]);
  });

  it('a viz buildQuery hook shapes the queries and empty post-processing steps are dropped', () => {
    const rolling: PostProcessingStep = { operation: 'cum', options: { operator: 'sum' } };
    const context = buildQueryContext(
      { ...base, metrics: ['count'] },
      {
        buildQuery: (query) => [
          { ...query, post_processing: [rolling, undefined as unknown as PostProcessingStep] },
          { ...query, row_limit: 1 },
        ],
      },
    );
    expect(context.queries).toHaveLength(2);
    expect(context.queries[0]?.post_processing).toEqual([rolling]);
    expect(context.queries[1]?.row_limit).toBe(1);
  });

  it('force and result settings come from form data', () => {
    expect(buildQueryContext({ ...base, force: true, result_format: 'csv', result_type: 'samples' })).toMatchObject({
      force: true,
      result_format: 'csv',
      result_type: 'samples',
    });
  });

  it('refuses malformed orderby strings and datasource keys', () => {
    expect(() => buildQueryContext({ ...base, orderby: ['["a", true'] })).toThrow('Found invalid orderby options');
    expect(() => buildQueryContext({ ...base, datasource: '12_table' })).toThrow('Invalid datasource key: "12_table"');
    expect(datasourceOf('7__saved_query')).toEqual({ id: 7, type: 'saved_query' });
    expect(() => datasourceOf(undefined)).toThrow('Invalid datasource key');
  });
});

describe('normalizeOrderBy', () => {
  it('keeps a valid clause, else orders by the series limit metric, then the first metric', () => {
    const valid = { orderby: [[sumNum, false]] as [AdhocMetric, boolean][] };
    expect(normalizeOrderBy(valid)).toBe(valid);
    expect(normalizeOrderBy({ series_limit_metric: 'count', order_desc: true, metrics: [sumNum] })).toEqual({
      metrics: [sumNum],
      orderby: [['count', false]],
    });
    expect(normalizeOrderBy({ order_desc: false, metrics: [sumNum] }).orderby).toEqual([[sumNum, true]]);
  });
});
