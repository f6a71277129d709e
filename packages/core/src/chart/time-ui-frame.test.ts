// time_ui_frame (spec: query object): the time range control's frame travels from the form data to the query object.
import { describe, expect, it } from 'vitest';
import { buildQueryContext } from './query-context.js';
import type { QueryFormData } from './query-types.js';

const formData = (extra: Partial<QueryFormData> = {}): QueryFormData => ({
  datasource: '1__table',
  viz_type: 'table',
  metrics: ['count'],
  time_range: '2024-01-01T00:00:00 : 2024-02-01T00:00:00',
  ...extra,
});

describe('time_ui_frame', () => {
  it('is carried on every query object of the request, beside its time range', () => {
    const [query] = buildQueryContext(formData({ time_ui_frame: 'Custom' })).queries;
    expect(query).toMatchObject({ time_range: '2024-01-01T00:00:00 : 2024-02-01T00:00:00', time_ui_frame: 'Custom' });
  });

  it('is left out when the form has none, and is not taken for a column or a metric', () => {
    const [query] = buildQueryContext(formData({ time_ui_frame: null })).queries;
    expect(query && 'time_ui_frame' in query).toBe(false);
    const [picked] = buildQueryContext(formData({ time_ui_frame: 'Advanced' })).queries;
    expect(picked?.columns).toEqual([]);
    expect(picked?.metrics).toEqual(['count']);
  });
});
