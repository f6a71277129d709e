import { describe, expect, it } from 'vitest';
import { operatorsFor } from './operators.js';
import { partitionColumnOf, partitionColumnsOf } from './partitions.js';

describe('partitionColumnOf', () => {
  it('names the one partition key column, else none', () => {
    expect(partitionColumnOf({ partitions: { cols: ['ds'], latest: { ds: '2024-01-03' } } })).toBe('ds');
    expect(partitionColumnOf({ partitions: { cols: ['ds', 'region'] } })).toBeNull();
    expect(partitionColumnOf({ partitions: { cols: [] } })).toBeNull();
    expect(partitionColumnOf({})).toBeNull();
    expect(partitionColumnOf(null)).toBeNull();
  });

  it('makes LATEST_PARTITION an operator of that column only', () => {
    const partitionColumn = partitionColumnOf({ partitions: { cols: ['ds'] } });
    const ds = { column_name: 'ds', type: 'DATE' };
    const region = { column_name: 'region', type: 'TEXT' };
    expect(operatorsFor(ds, 'WHERE', { partitionColumn })).toContain('LATEST_PARTITION');
    expect(operatorsFor(region, 'WHERE', { partitionColumn })).not.toContain('LATEST_PARTITION');
    expect(operatorsFor(ds, 'WHERE', { partitionColumn: partitionColumnOf({}) })).not.toContain('LATEST_PARTITION');
  });
});

describe('partitionColumnsOf', () => {
  it('offers each Hive key column with a newest value, one key column as before, else none', () => {
    const hive = { partitions: { cols: ['year', 'month'], latest: { year: 2024, month: 5 } } };
    expect(partitionColumnsOf(hive)).toEqual(['year', 'month']);
    expect(partitionColumnsOf({ partitions: { cols: ['ds'], latest: {} } })).toEqual(['ds']);
    // A PostgreSQL key over two columns has no newest value: no column names the newest partition.
    expect(partitionColumnsOf({ partitions: { cols: ['a', 'b'], latest: {} } })).toEqual([]);
    expect(partitionColumnsOf({})).toEqual([]);
    const partitionColumn = partitionColumnsOf(hive);
    const month = { column_name: 'month', type: 'BIGINT' };
    const region = { column_name: 'region', type: 'VARCHAR' };
    expect(operatorsFor(month, 'WHERE', { partitionColumn })).toContain('LATEST_PARTITION');
    expect(operatorsFor(region, 'WHERE', { partitionColumn })).not.toContain('LATEST_PARTITION');
  });
});
