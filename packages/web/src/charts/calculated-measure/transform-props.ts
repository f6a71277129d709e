// Calculated measure preview props: each expression evaluated over its measures' values, row by row, as the
// server computes it (floating point division, NULL for a zero divisor).
import { evaluateCalculatedMeasure } from '@nezha/core';
import { columnLabels, toNumber } from '../shared/form-data';
import { parsedCalculations } from '../shared/semantic/measures';
import { firstAnswer, previewTransformProps } from '../shared/semantic/preview';
import type { ChartProps, ChartQueryResult } from '../types';

export function calculatedRows(chartProps: ChartProps): ChartQueryResult {
  const answer = firstAnswer(chartProps);
  const calculations = parsedCalculations(chartProps.formData);
  const groups = columnLabels(chartProps.formData.groupby);
  const data = answer.data.map((row) => {
    const out: Record<string, unknown> = {};
    for (const group of groups) out[group] = row[group];
    for (const { name, tree } of calculations) {
      out[name] = evaluateCalculatedMeasure(tree, (measure) => toNumber(row[measure]));
    }
    return out;
  });
  const coltypeOf = (name: string) => answer.coltypes[answer.colnames.indexOf(name)] ?? 1;
  return {
    ...answer,
    data,
    colnames: [...groups, ...calculations.map((c) => c.name)],
    coltypes: [...groups.map(coltypeOf), ...calculations.map(() => 0)],
  };
}

export default function transformProps(chartProps: ChartProps) {
  const metrics = parsedCalculations(chartProps.formData).map((calculation) => calculation.name);
  return previewTransformProps(chartProps, { metrics }, calculatedRows(chartProps));
}
