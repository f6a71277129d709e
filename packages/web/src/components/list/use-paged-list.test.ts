// The rison query a list page sends for its page, sort and search.
import { describe, expect, it } from 'vitest';
import { toListQuery } from './use-paged-list';

describe('toListQuery', () => {
  it('asks for pages of 25', () => {
    expect(toListQuery({ page: 2, sortColumn: undefined, sortDirection: 'asc', search: '' }, {})).toEqual({
      page: 2,
      page_size: 25,
    });
  });

  it('sends the sort column and direction', () => {
    const query = toListQuery({ page: 0, sortColumn: 'changed_on', sortDirection: 'desc', search: '' }, {});
    expect(query).toMatchObject({ order_column: 'changed_on', order_direction: 'desc' });
  });

  it('searches by the search column with "contains", ignoring blank text', () => {
    const options = { searchColumn: 'database_name' };
    expect(
      toListQuery({ page: 0, sortColumn: undefined, sortDirection: 'asc', search: ' ex ' }, options).filters,
    ).toEqual([{ col: 'database_name', opr: 'ct', value: 'ex' }]);
    expect(toListQuery({ page: 0, sortColumn: undefined, sortDirection: 'asc', search: '  ' }, options).filters).toBe(
      undefined,
    );
  });

  it('sends the page’s own filters beside the search', () => {
    const query = toListQuery(
      {
        page: 0,
        sortColumn: undefined,
        sortDirection: 'asc',
        search: 'ex',
        filters: [{ col: 'id', opr: 'dataset_tag_id', value: 3 }],
      },
      { searchColumn: 'table_name' },
    );
    expect(query.filters).toEqual([
      { col: 'table_name', opr: 'ct', value: 'ex' },
      { col: 'id', opr: 'dataset_tag_id', value: 3 },
    ]);
  });
});
