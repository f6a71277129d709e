// The Charts list query of spec §7.
import { describe, expect, it } from 'vitest';
import { type ChartListState, chartListQuery } from './chart-list-api';

const base: ChartListState = {
  page: 0,
  pageSize: 25,
  search: '',
  ownerId: null,
  vizType: null,
  favoritesOnly: false,
  tagId: null,
  sortColumn: 'changed_on_delta_humanized',
  sortDirection: 'desc',
};

describe('chartListQuery', () => {
  it('searches the name with chart_all_text', () => {
    expect(chartListQuery({ ...base, search: ' temp ' }).filters).toEqual([
      { col: 'slice_name', opr: 'chart_all_text', value: 'temp' },
    ]);
  });

  it('filters owners with rel_m_m and the viz type with eq', () => {
    expect(chartListQuery({ ...base, ownerId: 3, vizType: 'pie' }).filters).toEqual([
      { col: 'owners', opr: 'rel_m_m', value: 3 },
      { col: 'viz_type', opr: 'eq', value: 'pie' },
    ]);
  });

  it('pages and orders', () => {
    expect(chartListQuery({ ...base, page: 2, sortColumn: 'slice_name', sortDirection: 'asc' })).toMatchObject({
      page: 2,
      page_size: 25,
      order_column: 'slice_name',
      order_direction: 'asc',
    });
  });

  it('favourites only uses chart_is_favorite', () => {
    expect(chartListQuery({ ...base, favoritesOnly: true }).filters).toEqual([
      { col: 'id', opr: 'chart_is_favorite', value: true },
    ]);
  });

  it('a tag filters with chart_tag_id, by the tag id', () => {
    expect(chartListQuery({ ...base, tagId: 4 }).filters).toEqual([{ col: 'id', opr: 'chart_tag_id', value: 4 }]);
  });
});
