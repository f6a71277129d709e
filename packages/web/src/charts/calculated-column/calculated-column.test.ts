// The calculated column viz type: the method applied to the source values in UTC, values regrouped with their counts.
import { describe, expect, it } from 'vitest';
import { GENERIC_TYPE } from '../shared/form-data';
import { answer, chartProps } from '../test-utils';
import buildQuery from './build-query';
import { applyColumnMethod } from './column-methods';
import plugin from './index';
import transformProps, { calculatedValues } from './transform-props';

const at = Date.UTC(2015, 11, 31, 17, 5, 9); // Thursday 31 December 2015, 17:05:09 UTC

describe('calculated column methods', () => {
  it.each([
    ['SECOND_OF_MINUTE', 9],
    ['MINUTE_OF_HOUR', 5],
    ['HOUR_OF_DAY', 17],
    ['DAY_OF_WEEK', 4],
    ['DAY_OF_MONTH', 31],
    ['DAY_OF_YEAR', 365],
    ['WEEK_OF_YEAR', 53],
    ['MONTH_OF_YEAR', 12],
    ['QUARTER_OF_YEAR', 4],
    ['YEAR', 2015],
  ])('%s of a timestamp is %i', (method, expected) => {
    expect(applyColumnMethod(method, at)).toBe(expected);
  });

  it('reads dates given as text as UTC, and DATETIME gives the timestamp', () => {
    expect(applyColumnMethod('HOUR_OF_DAY', '2015-12-31 17:05:09')).toBe(17);
    expect(applyColumnMethod('DATETIME', '2015-12-31')).toBe(Date.UTC(2015, 11, 31));
  });

  it('without a method the value is itself, and a value that is not a date gives null', () => {
    expect(applyColumnMethod(null, 'rain')).toBe('rain');
    expect(applyColumnMethod('YEAR', 'rain')).toBeNull();
  });
});

describe('calculated column viz type', () => {
  const formData = { datasource: '1__table', viz_type: 'calculated_column', column: 'date', method: 'MONTH_OF_YEAR' };

  it('queries the source column with its row counts', () => {
    const [query] = buildQuery(formData).queries;
    expect(query?.columns).toEqual(['date']);
    expect(query?.metrics?.map((metric) => (typeof metric === 'string' ? metric : metric.label))).toEqual(['count']);
  });

  it('regroups the source values by the method, summing counts, in value order, as numbers', () => {
    const result = calculatedValues(
      chartProps(formData, [
        answer(
          [
            { date: Date.UTC(2015, 1, 3), count: 2 },
            { date: Date.UTC(2014, 0, 9), count: 1 },
            { date: Date.UTC(2015, 0, 1), count: 4 },
          ],
          { date: GENERIC_TYPE.TEMPORAL },
        ),
      ]),
    );
    expect(result.data).toEqual([
      { value: 1, count: 5 },
      { value: 2, count: 2 },
    ]);
    expect(result.coltypes).toEqual([GENERIC_TYPE.NUMERIC, GENERIC_TYPE.NUMERIC]);
  });

  it('DATETIME makes the values temporal', () => {
    const result = calculatedValues(
      chartProps({ ...formData, method: 'DATETIME' }, [answer([{ date: '2015-01-01', count: 1 }])]),
    );
    expect(result.coltypes[0]).toBe(GENERIC_TYPE.TEMPORAL);
  });

  it('reports the regrouped rows it draws, not the source rows the query returned', () => {
    const props = chartProps(formData, [
      answer(
        [
          { date: Date.UTC(2015, 0, 3), count: 2 },
          { date: Date.UTC(2015, 0, 9), count: 1 },
          { date: Date.UTC(2015, 1, 1), count: 4 },
        ],
        { date: GENERIC_TYPE.TEMPORAL },
      ),
    ]);
    expect(props.queriesData[0]?.rowcount).toBe(3);
    const drawn = transformProps(props).rows;
    expect(drawn).toHaveLength(2);
    expect(plugin.drawnRowCount?.(props)).toBe(drawn.length);
  });
});
