import { describe, expect, it } from 'vitest';
import { ColumnarDecoder } from './columnar-results';

const column = (name: string) => ({ column_name: name, name, type: 'BIGINT', type_generic: 0, is_dttm: false });

describe('ColumnarDecoder', () => {
  it('turns each batch of values by column into row objects, in order, and ends with every row', () => {
    const decoder = new ColumnarDecoder();
    expect(decoder.decode({ columns: [column('i'), column('s')] })).toEqual({
      kind: 'columns',
      columns: [column('i'), column('s')],
    });
    expect(
      decoder.decode({
        rows: 2,
        values: [
          [0, 1],
          ['x0', 'x1'],
        ],
      }),
    ).toEqual({
      kind: 'rows',
      rows: [
        { i: 0, s: 'x0' },
        { i: 1, s: 'x1' },
      ],
    });
    expect(decoder.decode({ rows: 1, values: [[2], [null]] })).toEqual({ kind: 'rows', rows: [{ i: 2, s: null }] });
    expect(decoder.rows).toHaveLength(3);
    const end = decoder.decode({ status: 'success', columns: [column('i'), column('s')], query_id: 7 });
    expect(end).toEqual({
      kind: 'end',
      results: {
        status: 'success',
        columns: [column('i'), column('s')],
        query_id: 7,
        data: [
          { i: 0, s: 'x0' },
          { i: 1, s: 'x1' },
          { i: 2, s: null },
        ],
      },
    });
  });

  it('a result with no rows ends with empty data', () => {
    const decoder = new ColumnarDecoder();
    decoder.decode({ columns: [column('i')] });
    const end = decoder.decode({ status: 'success', columns: [column('i')] });
    expect(end.kind === 'end' && end.results.data).toEqual([]);
  });

  it('a failure line carries the server errors and message', () => {
    const decoder = new ColumnarDecoder();
    decoder.decode({ columns: [column('i')] });
    const error = { message: 'Division by zero', error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error' };
    expect(decoder.decode({ status: 'failed', errors: [error], message: 'Division by zero' })).toEqual({
      kind: 'failed',
      message: 'Division by zero',
      errors: [error],
    });
  });

  it('refuses a line that is none of the shapes', () => {
    const decoder = new ColumnarDecoder();
    expect(() => decoder.decode([1, 2])).toThrow('Malformed results line');
    expect(() => decoder.decode({ rows: 'two' })).toThrow('Malformed results line');
  });
});
