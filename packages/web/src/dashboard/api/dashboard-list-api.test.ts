// The Dashboards list query: search, owner, published and favourite filters, ordering and paging.
import { describe, expect, it } from 'vitest';
import { dashboardListQuery } from './dashboard-list-api';

const base = {
  page: 0,
  pageSize: 25,
  search: '',
  ownerId: null,
  published: null,
  favoritesOnly: false,
  tagId: null,
  sortColumn: 'changed_on_delta_humanized',
  sortDirection: 'desc' as const,
};

describe('dashboard list query', () => {
  it('has no filters by default and orders newest first', () => {
    expect(dashboardListQuery(base)).toEqual({
      filters: [],
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
      page: 0,
      page_size: 25,
    });
  });

  it('searches title or slug, filters owner, status and favourites', () => {
    expect(
      dashboardListQuery({ ...base, search: ' births ', ownerId: 3, published: true, favoritesOnly: true }).filters,
    ).toEqual([
      { col: 'dashboard_title', opr: 'title_or_slug', value: 'births' },
      { col: 'owners', opr: 'rel_m_m', value: 3 },
      { col: 'published', opr: 'eq', value: true },
      { col: 'id', opr: 'dashboard_is_favorite', value: true },
    ]);
  });

  it('a tag filters with dashboard_tag_id, by the tag id', () => {
    expect(dashboardListQuery({ ...base, tagId: 9 }).filters).toEqual([
      { col: 'id', opr: 'dashboard_tag_id', value: 9 },
    ]);
  });
});
