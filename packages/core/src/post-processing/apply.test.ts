import { describe, expect, it } from 'vitest';
import { applyPostProcessing } from './apply.js';

const rows = [
  { ds: '2020-01-01', country: 'FR', sales: 10 },
  { ds: '2020-01-01', country: 'DE', sales: 5 },
  { ds: '2020-01-02', country: 'FR', sales: 7 },
];

describe('applyPostProcessing', () => {
  it('runs the steps in order: pivot, cumulative sum, rename, flatten', () => {
    const result = applyPostProcessing(rows, [
      {
        operation: 'pivot',
        options: {
          index: ['ds'],
          columns: ['country'],
          aggregates: { sales: { operator: 'sum' } },
          metric_fill_value: 0,
        },
      },
      { operation: 'cum', options: { operator: 'sum', index: ['ds'] } },
      null,
      // Superset's truncate_metric: the single metric's level is dropped from the names.
      { operation: 'rename', options: { columns: { sales: null }, level: 0, inplace: true } },
      { operation: 'flatten' },
    ]);
    expect(result).toEqual([
      { ds: '2020-01-01', DE: 5, FR: 10 },
      { ds: '2020-01-02', DE: 5, FR: 17 },
    ]);
  });

  it('leaves the input rows untouched', () => {
    const input = [{ y: 1 }, { y: 2 }];
    applyPostProcessing(input, [{ operation: 'cum', options: { operator: 'sum', columns: { y: 'y' } } }]);
    expect(input).toEqual([{ y: 1 }, { y: 2 }]);
  });

  it('an unknown operation is an error naming it', () => {
    expect(() => applyPostProcessing(rows, [{ operation: 'prophet' }])).toThrow(
      'Unsupported post processing operation: prophet',
    );
    expect(() => applyPostProcessing(rows, [{ operation: 'toString' }])).toThrow(
      'Unsupported post processing operation: toString',
    );
  });

  it('a step without an operation or with bad options is refused', () => {
    expect(() => applyPostProcessing(rows, [{ options: {} }])).toThrow(
      '`operation` property of post processing object undefined',
    );
    expect(() => applyPostProcessing(rows, [{ operation: 'sort', options: [] }])).toThrow(
      'sort: options must be an object',
    );
    expect(() => applyPostProcessing(rows, [{ operation: 'rolling', options: { rolling_type: 'sum' } }])).toThrow(
      'rolling: Undefined window for rolling operation',
    );
    expect(() => applyPostProcessing(rows, [{ operation: 'sort', options: { columns: { sales: 'up' } } }])).toThrow(
      'sort: option "columns" has an invalid shape',
    );
  });

  it('sorts with the newer by/ascending options too', () => {
    const result = applyPostProcessing(rows, [{ operation: 'sort', options: { by: 'sales', ascending: false } }]);
    expect(result.map((row) => row.sales)).toEqual([10, 7, 5]);
  });

  it('no steps returns a copy of the rows', () => {
    expect(applyPostProcessing(rows, undefined)).toEqual(rows);
  });
});
