// A measure's definitions read from its request (saved_measures, or params.measures / metrics / metric) and
// checked with core's validateMeasures, the dataset's columns and the custom SQL guards.
import { MEASURE_MESSAGES, type MeasureDraft, validateMeasures } from '@nezha/core';
import { ValidationError } from '../errors/validation-error.js';
import { type DatasetScope, expressionProblem, scopeColumn } from './dataset-scope.js';

export const MEASURE_VIZ_TYPES = ['measure', 'measure_line', 'calculated_measure'] as const;
export type MeasureVizType = (typeof MEASURE_VIZ_TYPES)[number];

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** One definition as a MeasureDraft: the editor's own shape, or an adhoc metric (SIMPLE or SQL). */
function toDraft(item: unknown, fallbackName: string | null): MeasureDraft {
  const record = asRecord(item);
  if (!record) return { name: typeof item === 'string' ? item : null, expressionType: 'SIMPLE' };
  const column = record.column;
  const columnName = typeof column === 'string' ? column : text(asRecord(column)?.column_name);
  const isSql = record.expressionType === 'SQL';
  return {
    name: text(record.name) ?? text(record.label) ?? fallbackName,
    expressionType: isSql ? 'SQL' : 'SIMPLE',
    aggregate: text(record.aggregate),
    column: columnName,
    percentile:
      typeof record.percentile === 'number' || typeof record.percentile === 'string' ? record.percentile : null,
    expression: text(record.expression) ?? text(record.sqlExpression),
  };
}

/** Where the definitions are: the request's saved_measures first, then the params the explore view saved. */
export function measureDrafts(
  params: Record<string, unknown>,
  savedMeasures: unknown[] | undefined,
  measureName: string,
): MeasureDraft[] {
  const source =
    savedMeasures ??
    (Array.isArray(params.saved_measures) ? params.saved_measures : undefined) ??
    (Array.isArray(params.measures) ? params.measures : undefined) ??
    (Array.isArray(params.metrics) ? params.metrics : undefined) ??
    (params.metric !== undefined && params.metric !== null ? [params.metric] : []);
  // A lone unnamed definition is named after the measure itself.
  return source.map((item) => toDraft(item, source.length === 1 ? measureName : null));
}

function fail(field: string, message: string): never {
  throw new ValidationError({ [field]: [message] }, 422);
}

/** The measure's own name, against the names already taken on the dataset (spec §5's messages). */
export function assertMeasureName(name: string, taken: readonly string[]): void {
  const trimmed = name.trim();
  if (!trimmed) fail('measure_name', MEASURE_MESSAGES.nameEmpty);
  if (trimmed.includes('"')) fail('measure_name', MEASURE_MESSAGES.nameQuote);
  if (taken.some((other) => other.trim().toLowerCase() === trimmed.toLowerCase())) {
    fail('measure_name', MEASURE_MESSAGES.nameDuplicated);
  }
}

/**
 * Every rule of spec §5 on the definitions (first failure wins, as a 422 naming the definition), then the
 * dataset: a simple measure's column must be one it shows, and a calculated expression must pass the guards.
 * A calculated_measure holds calculated (SQL) definitions only.
 */
export function assertMeasureDrafts(
  drafts: readonly MeasureDraft[],
  taken: readonly string[],
  vizType: MeasureVizType,
  scope: DatasetScope,
): void {
  const [first] = validateMeasures(drafts, taken);
  if (first) fail(first.index < 0 ? 'measures' : `measures.${first.index}`, first.message);
  drafts.forEach((draft, index) => {
    if (vizType === 'calculated_measure' && draft.expressionType !== 'SQL') {
      fail(`measures.${index}`, MEASURE_MESSAGES.invalidCalculated);
    }
    if (draft.expressionType === 'SQL') {
      const problem = expressionProblem(draft.expression ?? '', scope);
      if (problem) throw new ValidationError({ [`measures.${index}`]: [problem] }, 400);
    } else {
      scopeColumn(scope, draft.column);
    }
  });
}

/** The definitions as answers show them. */
export function draftJson(draft: MeasureDraft) {
  return {
    name: draft.name ?? null,
    expressionType: draft.expressionType,
    aggregate: draft.aggregate ?? null,
    column: draft.column ?? null,
    percentile: draft.percentile ?? null,
    expression: draft.expression ?? null,
  };
}
