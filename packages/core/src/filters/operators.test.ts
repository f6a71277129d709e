import { describe, expect, it } from 'vitest';
import { cohortOperatorsFor, type FilterColumn, operatorsFor, resolveOperatorId } from './operators.js';

const text: FilterColumn = { column_name: 'country', type: 'VARCHAR' };
const flag: FilterColumn = { column_name: 'is_active', type: 'BOOLEAN' };
const count: FilterColumn = { column_name: 'visits', type: 'BIGINT' };
const price: FilterColumn = { column_name: 'price', type: 'DOUBLE' };
const day: FilterColumn = { column_name: 'ds', type: 'DATE', is_dttm: true };

describe('operatorsFor', () => {
  it('boolean operators only for boolean or integer columns', () => {
    const booleanOps = ['IS_TRUE', 'IS_FALSE', 'IS_BOOLEAN_EMPTY', 'IS_BOOLEAN_NOT_EMPTY'];
    expect(operatorsFor(flag, 'WHERE')).toEqual(expect.arrayContaining(booleanOps));
    expect(operatorsFor(count, 'WHERE')).toEqual(expect.arrayContaining(booleanOps));
    for (const column of [text, price, day]) {
      expect(operatorsFor(column, 'WHERE').filter((op) => booleanOps.includes(op))).toEqual([]);
    }
  });

  it('comparison operators are not offered on boolean columns', () => {
    expect(operatorsFor(flag, 'WHERE').sort()).toEqual(
      ['IS_BOOLEAN_EMPTY', 'IS_BOOLEAN_NOT_EMPTY', 'IS_FALSE', 'IS_NOT_NULL', 'IS_NULL', 'IS_TRUE'].sort(),
    );
    expect(operatorsFor(price, 'WHERE')).toEqual(expect.arrayContaining(['LESS_THAN', 'IN', 'LIKE', 'IS_NULL']));
  });

  it('under HAVING only the numeric comparisons remain', () => {
    expect(operatorsFor(undefined, 'HAVING')).toEqual([
      'EQUALS',
      'NOT_EQUALS',
      'LESS_THAN',
      'LESS_THAN_OR_EQUAL',
      'GREATER_THAN',
      'GREATER_THAN_OR_EQUAL',
    ]);
  });

  it('latest partition only for the partition column', () => {
    expect(operatorsFor(day, 'WHERE', { partitionColumn: 'ds' })).toContain('LATEST_PARTITION');
    expect(operatorsFor(text, 'WHERE', { partitionColumn: 'ds' })).not.toContain('LATEST_PARTITION');
    expect(operatorsFor(day, 'WHERE')).not.toContain('LATEST_PARTITION');
  });

  it('temporal range only for temporal columns', () => {
    expect(operatorsFor(day, 'WHERE')).toContain('TEMPORAL_RANGE');
    expect(operatorsFor({ column_name: 'ts', type: 'TIMESTAMP WITH TIME ZONE' }, 'WHERE')).toContain('TEMPORAL_RANGE');
    expect(operatorsFor(text, 'WHERE')).not.toContain('TEMPORAL_RANGE');
  });

  it('never offers the cohort-only text matches', () => {
    expect(operatorsFor(text, 'WHERE')).not.toContain('CONTAINS');
  });
});

describe('cohortOperatorsFor', () => {
  it('a cohort with several dimensions allows only equality and membership', () => {
    expect(cohortOperatorsFor({ dimensions: ['country', 'city'] })).toEqual(['EQUALS', 'NOT_EQUALS', 'IN', 'NOT_IN']);
  });

  it('a one-dimension cohort also allows less/greater, contains, starts with and negations', () => {
    const ops = cohortOperatorsFor({ dimensions: 1 });
    expect(ops).toEqual(
      expect.arrayContaining([
        'IN',
        'LESS_THAN',
        'GREATER_THAN_OR_EQUAL',
        'CONTAINS',
        'NOT_CONTAINS',
        'STARTS_WITH',
        'NOT_STARTS_WITH',
      ]),
    );
  });
});

describe("cohortOperatorsFor by the dimension's type", () => {
  const ORDERED = ['LESS_THAN', 'LESS_THAN_OR_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL'];
  const TEXT = ['CONTAINS', 'NOT_CONTAINS', 'STARTS_WITH', 'NOT_STARTS_WITH'];
  const MEMBERSHIP = ['EQUALS', 'NOT_EQUALS', 'IN', 'NOT_IN'];
  const one = (column: FilterColumn) =>
    cohortOperatorsFor({ dimensions: [column.column_name], dimensionColumns: [column] });

  it('a text dimension allows contains and starts with (and negations) and alphabetical less/greater', () => {
    const ops = one({ column_name: 'weather', type: 'VARCHAR' });
    expect(ops).toEqual([...MEMBERSHIP, ...ORDERED, ...TEXT]);
  });

  it('a numeric dimension allows less/greater but no text matches', () => {
    expect(one({ column_name: 'year', type: 'BIGINT' })).toEqual([...MEMBERSHIP, ...ORDERED]);
    expect(one({ column_name: 'price', type: 'DECIMAL(10,2)' })).toEqual([...MEMBERSHIP, ...ORDERED]);
    expect(one({ column_name: 'x', type: null, type_generic: 0 })).toEqual([...MEMBERSHIP, ...ORDERED]);
  });

  it('a temporal dimension is ordered like a number', () => {
    expect(one({ column_name: 'date', type: 'DATE', is_dttm: true })).toEqual([...MEMBERSHIP, ...ORDERED]);
  });

  it('a boolean dimension is matched as members only', () => {
    expect(one({ column_name: 'flag', type: 'BOOLEAN' })).toEqual(MEMBERSHIP);
  });

  it('several dimensions stay equality and membership whatever their types', () => {
    const ops = cohortOperatorsFor({
      dimensions: ['year', 'weather'],
      dimensionColumns: [
        { column_name: 'year', type: 'INTEGER' },
        { column_name: 'weather', type: 'VARCHAR' },
      ],
    });
    expect(ops).toEqual(MEMBERSHIP);
  });

  it('an unknown dimension column keeps every one-dimension operator', () => {
    expect(cohortOperatorsFor({ dimensions: ['gone'], dimensionColumns: [undefined] })).toEqual(
      cohortOperatorsFor({ dimensions: 1 }),
    );
  });
});

describe('resolveOperatorId', () => {
  it('reads an operatorId, or finds it from a stored operation', () => {
    expect(resolveOperatorId('NOT_IN', undefined)).toBe('NOT_IN');
    expect(resolveOperatorId(undefined, 'not in')).toBe('NOT_IN');
    expect(resolveOperatorId(undefined, '==')).toBe('EQUALS');
    expect(resolveOperatorId('BOGUS', 'BOGUS')).toBeUndefined();
  });
});
