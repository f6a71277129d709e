// The dataset editor's working copy: problems found before saving, the PUT body and tags, sync keeping edits, and what
// a failed save says.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCsrfToken } from '../../api/csrf';
import { mockServer } from '../../api/test-server';
import { type DatasetDetail, saveDatasetEdits } from './dataset-editor-api';
import {
  draftOf,
  draftProblems,
  emptyCalculatedColumn,
  emptyMetric,
  mergeSynced,
  saveFailureText,
  savePayload,
} from './editor-draft';

afterEach(() => {
  vi.unstubAllGlobals();
  clearCsrfToken();
});

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
  tags: [
    { id: 4, name: 'finance', type: 1 },
    { id: 5, name: 'q1', type: 1 },
  ],
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

describe('saving the dataset editor', () => {
  it('sends the fields in the PUT and the tags through the tags API, only what changed', async () => {
    const draft = { ...draftOf(detail), tags: ['q1', 'weekly'] };
    expect(draftOf(detail).tags).toEqual(['finance', 'q1']);
    expect(savePayload(draft)).not.toHaveProperty('tags');
    const calls = mockServer({
      'PUT /api/v1/dataset/7': { status: 200, body: { id: 7 } },
      'POST /api/v1/tag/4/7/': { status: 201, body: {} },
      'DELETE /api/v1/tag/4/7/finance/': { status: 200, body: {} },
    });
    await saveDatasetEdits(7, savePayload(draft), { before: draftOf(detail).tags, after: draft.tags });
    expect(
      calls.filter((call) => !call.url.includes('csrf')).map((call) => [call.method, call.url, call.body]),
    ).toEqual([
      ['PUT', '/api/v1/dataset/7', savePayload(draft)],
      ['POST', '/api/v1/tag/4/7/', { properties: { tags: ['weekly'] } }],
      ['DELETE', '/api/v1/tag/4/7/finance/', undefined],
    ]);
  });

  it('a failed save says so in the spec’s words: field errors by metric or column, else the server’s reason', async () => {
    const draft = draftOf(detail);
    mockServer({
      'PUT /api/v1/dataset/7': {
        status: 422,
        body: { message: { 'metrics.0.expression': ['Custom SQL cannot contain more than one statement'] } },
      },
      'PUT /api/v1/dataset/8': { status: 500, body: { message: 'Database is locked' } },
      'PUT /api/v1/dataset/9': { status: 403, body: { message: 'Forbidden' } },
    });
    const failureOf = (id: number) =>
      saveDatasetEdits(id, savePayload(draft), { before: [], after: [] }).then(
        () => expect.fail('the save should fail'),
        (error: unknown) => error,
      );
    expect(saveFailureText(await failureOf(7), draft, t)).toBe(
      'Sorry, there was an error saving this dataset: Metric count: Custom SQL cannot contain more than one statement',
    );
    expect(saveFailureText(await failureOf(8), draft, t)).toBe(
      'Sorry, there was an error saving this dataset: Database is locked',
    );
    expect(saveFailureText(await failureOf(9), draft, t)).toBe('You do not have permission to edit this dataset');
    expect(saveFailureText(new Error(''), draft, t)).toBe('Sorry, an unknown error occurred.');
  });
});
