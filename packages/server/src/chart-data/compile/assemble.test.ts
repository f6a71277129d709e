// The compiler on real dialects: bound values, quoted names, calculated columns, sensitive columns, windows, time.
import type { QueryObject } from '@nezha/core';
import { describe, expect, it } from 'vitest';
import { engineByName } from '../../engines/registry.js';
import type { DatasetFull, DatasetRecord } from '../../store/datasets.js';
import type { SqlMetricRow, TableColumnRow } from '../../store/schema.js';
import type { CohortRow, MeasureRow, SavedColumnRow } from '../../store/schema-charts.js';
import { compileChartQuery } from './assemble.js';
import type { CompileContext } from './dataset-scope.js';
import type { SemanticCatalog } from './semantic-catalog.js';

function column(column_name: string, type: string, extra: Partial<TableColumnRow> = {}): TableColumnRow {
  return {
    id: 1,
    uuid: column_name,
    table_id: 1,
    column_name,
    verbose_name: null,
    is_dttm: /date|time/i.test(type) ? 1 : 0,
    is_active: 1,
    type,
    advanced_data_type: null,
    groupby: 1,
    filterable: 1,
    expression: null,
    description: null,
    python_date_format: null,
    extra: null,
    created_on: '',
    changed_on: '',
    ...extra,
  };
}

function metric(metric_name: string, expression: string): SqlMetricRow {
  return {
    id: 1,
    uuid: metric_name,
    table_id: 1,
    metric_name,
    verbose_name: null,
    metric_type: null,
    expression,
    description: null,
    d3format: null,
    currency: null,
    warning_text: null,
    extra: null,
    created_on: '',
    changed_on: '',
  };
}

const dataset = {
  id: 1,
  table_name: 'orders',
  schema: 'shop',
  catalog: null,
  sql: null,
  main_dttm_col: 'ordered_at',
  always_filter_main_dttm: 0,
  sensitive_columns: '["ssn"]',
  changed_on: '2024-01-01T00:00:00',
} as DatasetRecord;

const full: DatasetFull = {
  dataset,
  columns: [
    column('customer', 'VARCHAR'),
    column('total', 'DOUBLE'),
    column('ssn', 'VARCHAR'),
    column('ordered_at', 'TIMESTAMP'),
    column('big', 'BOOLEAN', { expression: 'total > 100' }),
  ],
  metrics: [metric('revenue', 'SUM(total)'), metric('leak', 'MAX(ssn)')],
  owners: [],
};

const nasty = "x'); DROP TABLE orders; --";

const stamps = { uuid: 'u', created_on: '', changed_on: '', created_by_fk: null, changed_by_fk: null };

function savedColumn(id: number, column_name: string, expression: string, extra: Partial<SavedColumnRow> = {}) {
  return {
    ...stamps,
    id,
    column_name,
    table_id: 1,
    type: null,
    expression,
    filterable: 1,
    groupby: 1,
    method: null,
    is_dttm: 0,
    form_data: null,
    description: null,
    ...extra,
  } satisfies SavedColumnRow;
}

function measure(id: number, measure_name: string, viz_type: string, metrics: unknown[]): MeasureRow {
  const params = JSON.stringify({ metrics });
  return {
    ...stamps,
    id,
    measure_name,
    viz_type,
    datasource_id: 1,
    datasource_type: 'table',
    params,
    query_context: null,
    description: null,
  };
}

function cohort(id: number, dimensions: string[], filters: unknown[], datasource_id = 1): CohortRow {
  return {
    ...stamps,
    id,
    cohort_name: `cohort ${id}`,
    viz_type: 'cohort',
    datasource_id,
    datasource_type: 'table',
    params: JSON.stringify({ adhoc_filters: filters }),
    query_context: null,
    description: null,
    top_series: null,
    actor: null,
    has_dimension: dimensions.length > 0 ? 1 : 0,
    dimensions: JSON.stringify(dimensions),
    auto_complete_option: '[]',
  };
}

const semantic: SemanticCatalog = {
  savedColumns: [
    savedColumn(1, 'order_hour', 'ordered_at', { method: 'HOUR_OF_DAY', type: 'INTEGER' }),
    savedColumn(2, 'peek', 'upper(ssn)'),
    savedColumn(3, 'no_group', 'total * 2', { groupby: 0 }),
  ],
  measures: [
    measure(1, 'sales', 'measure', [
      { expressionType: 'SIMPLE', label: 'sales', column: { column_name: 'total' }, aggregate: 'SUM' },
    ]),
    measure(2, 'orders', 'measure', [{ expressionType: 'SQL', label: 'orders', sqlExpression: 'COUNT(*)' }]),
    measure(3, 'basket', 'calculated_measure', [
      { expressionType: 'SQL', label: 'basket', sqlExpression: 'sales / orders' },
    ]),
  ],
  cohorts: new Map([
    [
      1,
      cohort(
        1,
        ['customer'],
        [
          {
            expressionType: 'SIMPLE',
            clause: 'WHERE',
            subject: 'total',
            operatorId: 'GREATER_THAN',
            comparator: nasty,
          },
        ],
      ),
    ],
    [2, cohort(2, ['customer'], [], 2)],
  ]),
};

function compile(engine: string, query: QueryObject) {
  const context: CompileContext = {
    full: { ...full, dataset: { ...dataset, backend: engine } },
    engine: engineByName(engine),
    virtualSql: null,
    now: new Date('2024-06-15T12:00:00Z'),
    maxRow: 100000,
    semantic,
  };
  return compileChartQuery(context, query);
}

describe('compileChartQuery', () => {
  it('binds every value and quotes every identifier with the engine dialect', () => {
    const query: QueryObject = {
      columns: ['customer'],
      metrics: ['revenue'],
      filters: [{ col: 'customer', op: 'IN', val: [nasty, 'ann'] }],
    };
    const pg = compile('postgresql', query);
    expect(pg.sql).not.toContain('DROP TABLE');
    expect(pg.params).toEqual([nasty, 'ann']);
    expect(pg.sql).toContain('"customer" IN ($1, $2)');
    expect(pg.sql).toContain('FROM "shop"."orders"');
    const my = compile('mysql', query);
    expect(my.sql).toContain('`customer` IN (?, ?)');
    expect(my.sql).toContain('FROM `shop`.`orders`');
    expect(pg.displaySql).toContain("'x''); DROP TABLE orders; --'");
  });

  it('numbers PostgreSQL placeholders in text order when the series limit repeats the WHERE clause', () => {
    const compiled = compile('postgresql', {
      columns: ['customer'],
      metrics: ['revenue'],
      filters: [{ col: 'total', op: '>', val: 5 }],
      series_limit: 2,
      having_filters: [{ col: 'revenue', op: '>', val: 10 }],
    });
    const numbers = [...compiled.sql.matchAll(/\$(\d+)/g)].map((match) => Number(match[1]));
    expect(numbers).toEqual([1, 2, 3]);
    expect(compiled.params).toEqual([5, 5, 10]);
    expect(compiled.sql).toContain('INNER JOIN (');
  });

  it('uses a calculated column as its owner wrote it, in parentheses', () => {
    const compiled = compile('duckdb', { columns: ['big'], metrics: ['revenue'] });
    expect(compiled.sql).toContain('(total > 100) AS "big"');
    expect(compiled.sql).toContain('GROUP BY (total > 100)');
  });

  it('hides sensitive columns and the saved metrics reading them', () => {
    expect(() => compile('duckdb', { columns: ['ssn'], metrics: ['revenue'] })).toThrow('No such column found: "ssn"');
    expect(() => compile('duckdb', { columns: ['customer'], metrics: ['leak'] })).toThrow(
      'Metric "leak" does not exist',
    );
  });

  it('computes FIRST through a window where the engine has no ordered aggregate', () => {
    const first = { expressionType: 'SIMPLE' as const, column: { column_name: 'total' }, aggregate: 'FIRST' as const };
    const sqlite = compile('sqlite', { columns: ['customer'], metrics: [first] });
    expect(sqlite.sql).toContain('FIRST_VALUE("total") OVER (PARTITION BY "customer" ORDER BY');
    expect(sqlite.sql).toContain('MAX("__nz_window_0") AS "FIRST(total)"');
    const duck = compile('duckdb', { columns: ['customer'], metrics: [first] });
    expect(duck.sql).toContain('FIRST("total" ORDER BY ("ordered_at" IS NULL), "ordered_at")');
  });

  it('reads time ranges against the request time, [since, until)', () => {
    const compiled = compile('duckdb', { metrics: ['revenue'], granularity: 'ordered_at', time_range: 'Last week' });
    expect(compiled.params).toEqual(['2024-06-08 00:00:00', '2024-06-15 00:00:00']);
    expect(compiled.sql).toContain('"ordered_at" >= CAST(? AS TIMESTAMP) AND "ordered_at" < CAST(? AS TIMESTAMP)');
    expect(compiled.bounds?.since?.toISOString()).toBe('2024-06-08T00:00:00.000Z');
  });

  it('buckets only temporal columns by a time grain and leaves the others as they are, as Superset does', () => {
    const axis = (sqlExpression: string, timeGrain?: string, isColumnReference = true) => ({
      columnType: 'BASE_AXIS' as const,
      sqlExpression,
      label: sqlExpression,
      isColumnReference,
      expressionType: 'SQL' as const,
      ...(timeGrain ? { timeGrain } : {}),
    });
    const byAxis = (engine: string, column: string, grain?: string, reference = true) =>
      compile(engine, { columns: [axis(column, grain, reference)], metrics: ['revenue'] }).sql;
    const legacy = (engine: string, granularity: string, grain?: string) =>
      compile(engine, {
        is_timeseries: true,
        granularity,
        metrics: ['revenue'],
        ...(grain ? { extras: { time_grain_sqla: grain } } : {}),
      }).sql;
    for (const engine of ['duckdb', 'sqlite', 'postgresql', 'mysql']) {
      // A text column, and a saved column whose method makes a number: the grain changes nothing.
      expect(byAxis(engine, 'customer', 'P1D')).toBe(byAxis(engine, 'customer'));
      expect(byAxis(engine, 'order_hour', 'P1D')).toBe(byAxis(engine, 'order_hour'));
      expect(legacy(engine, 'customer', 'P1D')).toBe(legacy(engine, 'customer'));
      expect(byAxis(engine, 'ordered_at', 'P1D')).not.toBe(byAxis(engine, 'ordered_at'));
      expect(legacy(engine, 'ordered_at', 'P1D')).not.toBe(legacy(engine, 'ordered_at'));
    }
    // Free SQL has no known type: the grain stays, as its author asked for it.
    const free = 'ordered_at + INTERVAL 1 DAY';
    expect(byAxis('duckdb', free, 'P1D', false)).not.toBe(byAxis('duckdb', free, undefined, false));
  });
});

describe('compileChartQuery with the semantic layer', () => {
  it('compiles a saved column with its method per engine, and hides one reading a sensitive column', () => {
    const pg = compile('postgresql', { columns: ['order_hour'], metrics: ['sales'] });
    expect(pg.sql).toContain('(CAST(EXTRACT(HOUR FROM "ordered_at") AS INTEGER)) AS "order_hour"');
    expect(pg.sql).toContain('SUM("total") AS "sales"');
    expect(compile('mysql', { columns: ['order_hour'], metrics: ['sales'] }).sql).toContain('(HOUR(`ordered_at`))');
    expect(() => compile('duckdb', { columns: ['peek'], metrics: ['sales'] })).toThrow('No such column found: "peek"');
    expect(() => compile('duckdb', { columns: ['no_group'], metrics: ['sales'] })).toThrow('is not groupable');
    expect(compile('duckdb', { query_mode: 'raw', columns: ['no_group'] }).sql).toContain(
      '((total * 2)) AS "no_group"',
    );
  });

  it('combines measures arithmetically, dividing in floating point', () => {
    const compiled = compile('postgresql', { columns: ['customer'], metrics: ['basket'] });
    expect(compiled.sql).toContain('(CAST(SUM("total") AS DOUBLE PRECISION) / NULLIF((COUNT(*)), 0)) AS "basket"');
  });

  it('binds the values of a cohort definition inside its sub-query, in text order', () => {
    const compiled = compile('postgresql', {
      columns: ['customer'],
      metrics: ['sales'],
      filters: [{ col: 'total', op: '>', val: 1 }],
      cohort_filters: [{ expressionType: 'COHORT', cohort: 1, cohortOperatorId: 'NOT_IN', cohortComparator: ['ann'] }],
    });
    expect(compiled.sql).not.toContain('DROP TABLE');
    expect(compiled.params).toEqual([1, 'ann', nasty]);
    expect(compiled.sql).toContain(
      'CASE WHEN ("customer" IN ($2) AND "customer" IN (\nSELECT "customer"\nFROM "shop"."orders"\nWHERE "total" > $3\n)) THEN 1 ELSE 0 END = 0',
    );
  });

  it('refuses an unknown cohort and a cohort of another dataset', () => {
    const by = (id: number) => ({
      metrics: ['sales'],
      cohort_filters: [{ expressionType: 'COHORT' as const, cohort: id, cohortOperatorId: 'IN' as const }],
    });
    expect(() => compile('duckdb', by(9))).toThrow('No such cohort found');
    expect(() => compile('duckdb', by(2))).toThrow('No such cohort found: the cohort belongs to another dataset.');
  });
});
