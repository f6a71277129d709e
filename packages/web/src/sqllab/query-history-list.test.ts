// The Query history page's rison query: Superset's filter shapes, paging and ordering.
import { describe, expect, it } from 'vitest';
import { hasHistoryFilters, INITIAL_HISTORY_STATE, openInSqlLabUrl, toHistoryQuery } from './query-history-list';

describe('toHistoryQuery', () => {
  it('asks for the newest runs first, a page of 25, with no filter by default', () => {
    expect(toHistoryQuery(INITIAL_HISTORY_STATE)).toEqual({
      filters: [],
      order_column: 'start_time',
      order_direction: 'desc',
      page: 0,
      page_size: 25,
    });
    expect(hasHistoryFilters(INITIAL_HISTORY_STATE)).toBe(false);
  });

  it("sends user and database as relations, state as eq, time as between and text as contains, as Superset's list", () => {
    const query = toHistoryQuery({
      ...INITIAL_HISTORY_STATE,
      page: 2,
      userId: 4,
      databaseId: 9,
      state: 'failed',
      timeRange: [1000, null],
      search: '  orders ',
    });
    expect(query.filters).toEqual([
      { col: 'user', opr: 'rel_o_m', value: 4 },
      { col: 'database', opr: 'rel_o_m', value: 9 },
      { col: 'status', opr: 'eq', value: 'failed' },
      { col: 'start_time', opr: 'between', value: [1000, null] },
      { col: 'sql', opr: 'ct', value: 'orders' },
    ]);
    expect(query.page).toBe(2);
  });

  it('drops an open-ended time range and a blank search', () => {
    const state = { ...INITIAL_HISTORY_STATE, timeRange: [null, null] as [null, null], search: '   ' };
    expect(toHistoryQuery(state).filters).toEqual([]);
    expect(hasHistoryFilters(state)).toBe(false);
  });

  it('opens a run in SQL Lab by its id', () => {
    expect(openInSqlLabUrl(12)).toBe('/sqllab/?queryId=12');
  });
});
