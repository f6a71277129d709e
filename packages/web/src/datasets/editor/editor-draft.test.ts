// The dataset editor's working copy: problems found before saving, the PUT body, and sync keeping edits.
import { describe, expect, it } from 'vitest';
import type { DatasetDetail } from './dataset-editor-api';
import { draftOf, draftProblems, emptyCalculatedColumn, emptyMetric, mergeSynced, savePayload } from './editor-draft';

const t = (key: string, values?: Record<string, unknown>) =>
  key.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values?.[name] ?? ''));

const column = (id: number, name: string, extra: Partial<DatasetDetail['columns'][number]> = {}) => ({
  id,
  column_name: name,
  verbose_name: null,
  description: null,
  expression: null,
  type: 'VARCHAR',
  advanced_data_type: null,
  is_dttm: false,
  groupby: true,
  filterable: true,
  python_date_format: null,
  extra: null,
  ...extra,
});

const detail: DatasetDetail = {
  id: 7,
  table_name: 'orders',
  schema: 'main',
  catalog: null,
  sql: null,
  kind: 'physical',
  database: { id: 1, database_name: 'examples', backend: 'duckdb' },
  description: null,
  default_endpoint: null,
  cache_timeout: null,
  main_dttm_col: null,
  template_params: null,
  extra: JSON.stringify({ certification: { certified_by: 'Data team', details: 'ok' }, warning_markdown: 'careful' }),
  owners: [{ id: 1, first_name: 'a', last_name: 'b' }],
  columns: [column(1, 'id'), column(2, 'total'), column(3, 'double_total', { expression: 'total * 2' })],
  metrics: [
    {
      id: 9,
      metric_name: 'count',
      verbose_name: 'COUNT(*)',
      metric_type: 'count',
      expression: 'COUNT(*)',
      description: null,
      d3format: null,
      currency: null,
      warning_text: null,
      extra: null,
    },
  ],
};

describe('dataset editor draft', () => {
  it('calculated columns are the ones with an expression, and certification is split out of extra', () => {
    const draft = draftOf(detail);
    expect(draft.columns.map((c) => c.calculated)).toEqual([false, false, true]);
    expect(draft.certified_by).toBe('Data team');
    expect(JSON.parse(draft.extra)).toEqual({ warning_markdown: 'careful' });
  });

  it('duplicate names, empty expressions and invalid JSON are problems on their tab', () => {
    const draft = draftOf(detail);
    draft.columns.push({ ...emptyCalculatedColumn(), column_name: 'total', expression: 'total + 1' });
    draft.columns.push({ ...emptyCalculatedColumn(), column_name: 'blank' });
    draft.metrics.push({ ...emptyMetric(), metric_name: 'count', expression: 'SUM(total)' });
    draft.template_params = '{"a": 1';
    draft.extra = '[1]';
    expect(draftProblems(draft, t)).toEqual([
      { tab: 'calculated', message: 'Column name total is used twice' },
      { tab: 'calculated', message: 'Calculated column blank needs a SQL expression' },
      { tab: 'metrics', message: 'Metric name count is used twice' },
      { tab: 'settings', message: 'Template parameters: invalid JSON, expected an object' },
      { tab: 'settings', message: 'Extra: invalid JSON, expected an object' },
    ]);
  });

  it('the body joins certification back into extra and sends new rows without ids', () => {
    const draft = draftOf(detail);
    draft.columns.push({ ...emptyCalculatedColumn(), column_name: 'big', expression: 'total > 10', type: 'BOOLEAN' });
    draft.metrics.push({
      ...emptyMetric(),
      metric_name: 'sum_total',
      expression: 'SUM(total)',
      currency_symbol: 'EUR',
    });
    const body = savePayload(draft);
    expect(JSON.parse(body.extra as string)).toEqual({
      warning_markdown: 'careful',
      certification: { certified_by: 'Data team', details: 'ok' },
    });
    const columns = body.columns as Array<Record<string, unknown>>;
    expect(columns[3]).toMatchObject({ column_name: 'big', expression: 'total > 10', type: 'BOOLEAN' });
    expect(columns[3]).not.toHaveProperty('id');
    expect((body.metrics as Array<Record<string, unknown>>)[1]).toMatchObject({
      metric_name: 'sum_total',
      currency: { symbol: 'EUR', symbolPosition: 'prefix' },
    });
    expect(body).toHaveProperty('schema', 'main');
    expect(body).not.toHaveProperty('sql');
  });

  it('a sync keeps the edits made in the dialog and unsaved calculated columns, and takes the source list', () => {
    const draft = draftOf(detail);
    const original = draft.columns;
    draft.columns = draft.columns.map((c) => (c.column_name === 'total' ? { ...c, verbose_name: 'Total' } : c));
    draft.columns.push({ ...emptyCalculatedColumn(), column_name: 'new_calc', expression: '1' });
    const synced = [
      column(2, 'total', { type: 'DOUBLE' }),
      column(3, 'double_total', { expression: 'total * 2' }),
      column(4, 'added'),
    ];
    const merged = mergeSynced(draft, original, synced);
    expect(merged.map((c) => c.column_name)).toEqual(['total', 'double_total', 'added', 'new_calc']);
    expect(merged[0]).toMatchObject({ verbose_name: 'Total', type: 'DOUBLE' });
  });
});
