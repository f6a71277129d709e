import { describe, expect, it } from 'vitest';
import { rowsReturned } from './limit-warning';

describe('rows returned and the limit warning', () => {
  it('says how many rows came back, singular for one', () => {
    expect(rowsReturned({ rows: 5 }).rowsReturned).toEqual({
      key: '{{rows}} rows returned',
      values: { rows: '5', count: 5 },
    });
    expect(rowsReturned({ rows: 1 }).rowsReturned).toEqual({
      key: '{{rows}} rows returned',
      values: { rows: '1', count: 1 },
    });
    expect(rowsReturned({ rows: 5 }).limitWarning).toBeNull();
  });

  it('blames the query when its own LIMIT cut the rows', () => {
    expect(rowsReturned({ rows: 10, limitingFactor: 'QUERY' }).limitWarning?.key).toBe(
      'The number of rows displayed is limited to {{rows}} by the query',
    );
  });

  it('says nothing about the query limit when CSV export is off', () => {
    expect(rowsReturned({ rows: 10, limitingFactor: 'QUERY' }, { csvEnabled: false }).limitWarning).toBeNull();
  });

  it('blames the limit dropdown when a non-default limit cut the rows', () => {
    const result = rowsReturned({ rows: 100, limitingFactor: 'DROPDOWN', queryLimit: 100, defaultQueryLimit: 1000 });
    expect(result.limitWarning?.key).toBe('The number of rows displayed is limited to {{rows}} by the limit dropdown.');
  });

  it('uses the plainer dropdown sentence for the default limit', () => {
    const result = rowsReturned({ rows: 1000, limitingFactor: 'DROPDOWN', queryLimit: 1000, defaultQueryLimit: 1000 });
    expect(result.limitWarning?.key).toBe('The number of rows displayed is limited to {{rows}} by the dropdown.');
  });

  it('blames both when the query and the dropdown limited the rows', () => {
    expect(rowsReturned({ rows: 10, limitingFactor: 'QUERY_AND_DROPDOWN' }).limitWarning?.key).toBe(
      'The number of rows displayed is limited to {{rows}} by the query and limit dropdown.',
    );
  });

  it('falls back to the display limit when the server capped what it sent', () => {
    const result = rowsReturned({ rows: 10000, limitingFactor: 'NOT_LIMITED', displayLimitReached: true });
    expect(result.limitWarning).toEqual({
      key: 'The number of results displayed is limited to {{rows}}.',
      values: { rows: '10000' },
    });
  });

  it('writes the count with the given number format', () => {
    const result = rowsReturned(
      { rows: 1234567, limitingFactor: 'QUERY' },
      { formatNumber: (n) => n.toLocaleString('en') },
    );
    expect(result.limitWarning?.values).toEqual({ rows: '1,234,567' });
  });
});
