// Calculated column preview props: the method applied to each source value, rows regrouped by the result with
// their counts summed, in value order.
import { GENERIC_TYPE, stringOr, toNumber } from '../shared/form-data';
import { COUNT_LABEL, firstAnswer, previewTransformProps } from '../shared/semantic/preview';
import type { ChartProps, ChartQueryResult } from '../types';
import { applyColumnMethod } from './column-methods';

export const CALCULATED_VALUE_LABEL = 'value';

const order = (a: unknown, b: unknown) =>
  a === null
    ? 1
    : b === null
      ? -1
      : typeof a === 'number' && typeof b === 'number'
        ? a - b
        : String(a).localeCompare(String(b));

export function calculatedValues(chartProps: Pick<ChartProps, 'formData' | 'queriesData'>): ChartQueryResult {
  const answer = firstAnswer(chartProps);
  const column = stringOr(chartProps.formData.column, '');
  const method = chartProps.formData.method as string | null | undefined;
  const counts = new Map<unknown, number>();
  for (const row of answer.data) {
    const value = applyColumnMethod(method, row[column]);
    counts.set(value, (counts.get(value) ?? 0) + (toNumber(row[COUNT_LABEL]) ?? 0));
  }
  const data = [...counts.entries()]
    .sort(([a], [b]) => order(a, b))
    .map(([value, count]) => ({ [CALCULATED_VALUE_LABEL]: value, [COUNT_LABEL]: count }));
  const sourceType = answer.coltypes[answer.colnames.indexOf(column)] ?? GENERIC_TYPE.STRING;
  const valueType = method === 'DATETIME' ? GENERIC_TYPE.TEMPORAL : method ? GENERIC_TYPE.NUMERIC : sourceType;
  return {
    ...answer,
    data,
    rowcount: data.length,
    colnames: [CALCULATED_VALUE_LABEL, COUNT_LABEL],
    coltypes: [valueType, GENERIC_TYPE.NUMERIC],
  };
}

export default function transformProps(chartProps: ChartProps) {
  return previewTransformProps(
    chartProps,
    { groupby: [CALCULATED_VALUE_LABEL], metrics: [COUNT_LABEL] },
    calculatedValues(chartProps),
  );
}
