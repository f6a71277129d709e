// Calculated column and saved metric expressions of a dataset update pass the custom SQL rule when they change.

import type { EngineName } from '../engines/types.js';
import { ValidationError } from '../errors/validation-error.js';
import { customSqlProblem } from '../sql/custom-sql-guard.js';
import type { DatasetFull } from '../store/datasets.js';
import type { ColumnInput, MetricInput } from './inputs.js';

/**
 * They are pasted into every chart query of the dataset inside parentheses, so they are held to the rule of
 * user-written fragments: no sub-query or other relation, one balanced expression. A sensitive column is not a
 * reason here: a column reading one is hidden from charts instead (datasource-data.ts). Expressions stored
 * before this rule are left as they are until they change, so an unrelated edit never fails on them.
 */
export function assertDatasetExpressions(
  full: DatasetFull,
  engine: EngineName,
  columns: readonly ColumnInput[] | undefined,
  metrics: readonly MetricInput[] | undefined,
): void {
  const storedColumns = new Map(full.columns.map((c) => [c.id, c.expression]));
  const storedMetrics = new Map(full.metrics.map((m) => [m.id, m.expression]));
  const problems: Record<string, string[]> = {};
  const check = (field: string, expression: string | null | undefined, stored: string | null | undefined) => {
    if (!expression?.trim() || expression === stored) return;
    const problem = customSqlProblem(expression, engine);
    if (problem && problem.kind !== 'sensitive') problems[field] = [problem.message];
  };
  columns?.forEach((column, index) => {
    check(`columns.${index}.expression`, column.expression, column.id ? storedColumns.get(column.id) : undefined);
  });
  metrics?.forEach((metric, index) => {
    check(`metrics.${index}.expression`, metric.expression, metric.id ? storedMetrics.get(metric.id) : undefined);
  });
  if (Object.keys(problems).length > 0) throw new ValidationError(problems, 400);
}
