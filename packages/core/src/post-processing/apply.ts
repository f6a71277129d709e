// Runs a query object's post_processing steps in order, refusing unknown operations by name.
import { aggregateStep } from './aggregate.js';
import { compareStep, contributionStep } from './compare.js';
import { boxplotStep, histogramStep } from './distribution.js';
import { isLevelKey } from './levels.js';
import { isRecord, PostProcessingError, type Row } from './options.js';
import { pivotStep } from './pivot.js';
import { resampleStep } from './resample.js';
import { flatten, flattenStep, rankStep, renameStep, selectStep, sortStep } from './table-ops.js';
import { cumStep, diffStep, rollingStep } from './window.js';

type Operation = (rows: readonly Row[], options: Record<string, unknown>) => Row[];

export const POST_PROCESSING_OPERATIONS: Readonly<Record<string, Operation>> = {
  aggregate: aggregateStep,
  boxplot: boxplotStep,
  compare: compareStep,
  contribution: contributionStep,
  cum: cumStep,
  diff: diffStep,
  flatten: flattenStep,
  histogram: histogramStep,
  pivot: pivotStep,
  rank: rankStep,
  rename: renameStep,
  resample: resampleStep,
  rolling: rollingStep,
  select: selectStep,
  sort: sortStep,
};

export const OPERATION_UNDEFINED_MESSAGE = '`operation` property of post processing object undefined';

export function unsupportedOperationMessage(operation: string): string {
  return `Unsupported post processing operation: ${operation}`;
}

/**
 * Applies each step `{operation, options}` to the rows. Empty steps are skipped (charts build their
 * lists with optional entries); anything else malformed throws a PostProcessingError naming the step.
 */
export function applyPostProcessing(rows: readonly Row[], steps: readonly unknown[] | null | undefined): Row[] {
  let current: Row[] = rows.map((row) => ({ ...row }));
  for (const step of steps ?? []) {
    if (step === null || step === undefined || step === false) continue;
    if (!isRecord(step)) throw new PostProcessingError(OPERATION_UNDEFINED_MESSAGE);
    const { operation, options = {} } = step;
    if (typeof operation !== 'string' || !operation) throw new PostProcessingError(OPERATION_UNDEFINED_MESSAGE);
    const run = Object.hasOwn(POST_PROCESSING_OPERATIONS, operation)
      ? POST_PROCESSING_OPERATIONS[operation]
      : undefined;
    if (!run) throw new PostProcessingError(unsupportedOperationMessage(operation));
    if (!isRecord(options)) throw new PostProcessingError(`${operation}: options must be an object`);
    current = run(current, options);
  }
  // A chain that pivots without flattening still answers flat column names, never the internal tuple keys.
  return current.some((row) => Object.keys(row).some(isLevelKey)) ? flatten(current) : current;
}
