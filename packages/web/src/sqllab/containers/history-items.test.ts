// The history pane's rows: the server's page with this browser's runs it does not list yet.
import type { QueryHistoryRecord as HistoryQuery } from '@nezha/core';
import { describe, expect, it } from 'vitest';
import type { HistoryView } from '../state';
import { aQuery, aServerQuery } from '../state/test-fixtures';
import { historyRows, itemOfServerQuery } from './history-items';

function aHistoryRow(id: string, startDttm: number): HistoryQuery {
  return {
    ...aServerQuery(id, { state: 'success', startDttm, rows: 3 }),
    database: { id: 1, database_name: 'examples' },
    user: { username: 'admin', first_name: null, last_name: null },
    start_time: startDttm,
    end_time: startDttm + 10,
    status: 'success',
    executed_sql: null,
    tab_name: 'Tab e1',
    sql_tables: [],
  };
}

function aView(overrides: Partial<HistoryView>): HistoryView {
  return {
    local: [],
    server: [],
    search: '',
    page: 0,
    pageSize: 25,
    count: 0,
    loading: false,
    error: null,
    ...overrides,
  };
}

const databases = {
  '1': {
    id: 1,
    database_name: 'examples',
    backend: 'duckdb',
    editor_dialect: 'PostgreSQL' as const,
    allow_run_async: false,
    allow_ctas: false,
    allow_cvas: false,
    allow_dml: false,
    expose_in_sqllab: true,
    disable_data_preview: false,
    extra: {},
  },
};

describe('history rows', () => {
  it('maps a server row: status, times, database name and tab', () => {
    expect(itemOfServerQuery(aHistoryRow('a', 5_000))).toMatchObject({
      id: 'a',
      state: 'success',
      startDttm: 5_000,
      rows: 3,
      databaseName: 'examples',
      tab: 'Tab e1',
    });
  });

  it('puts runs the server does not list yet first on page 0, newest first, and counts them', () => {
    const view = aView({
      server: [aHistoryRow('a', 5_000), aHistoryRow('b', 4_000)],
      count: 2,
      local: [
        aQuery('new', { startDttm: 9_000, state: 'running' }),
        aQuery('a', { startDttm: 5_000, state: 'success' }),
      ],
    });
    const rows = historyRows(view, databases);
    expect(rows.items.map((item) => [item.id, item.state])).toEqual([
      ['new', 'running'],
      ['a', 'success'],
      ['b', 'success'],
    ]);
    expect(rows.total).toBe(3);
    expect(rows.items[0]?.databaseName).toBe('examples');
  });

  it('shows only the server page on later pages', () => {
    const view = aView({ page: 1, server: [aHistoryRow('b', 4_000)], count: 26, local: [aQuery('new')] });
    expect(historyRows(view, databases)).toEqual({ items: [expect.objectContaining({ id: 'b' })], total: 26 });
  });
});
