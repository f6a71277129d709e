// The chart header's "not applied" list: rejected filters once each, with Superset's reasons in words.
import { describe, expect, it } from 'vitest';
import { filterStatusLabel, rejectedFiltersOf, rejectionReasonText } from './filter-status.js';

describe('filter status', () => {
  it('lists a filter rejected by several queries of one chart once', () => {
    const rejected = { column: 'state', reason: 'not_in_datasource' };
    expect(rejectedFiltersOf([{ rejected_filters: [rejected] }, { rejected_filters: [rejected] }, {}])).toEqual([
      rejected,
    ]);
    expect(rejectedFiltersOf(null)).toEqual([]);
  });

  it('says why in words and names the time pseudo-columns', () => {
    expect(rejectionReasonText('not_in_datasource')).toBe("The chart's dataset has no such column");
    expect(rejectionReasonText('no_temporal_column')).toBe("The chart's dataset has no time column");
    expect(rejectionReasonText('something_new')).toBe('something_new');
    expect(filterStatusLabel('__time_range')).toBe('Time range');
    expect(filterStatusLabel('state')).toBe('state');
  });
});
