// Runs post-processing steps the way the chart data API does, for the ported Superset test cases.
import { applyPostProcessing, POST_PROCESSING_OPERATIONS } from '../apply.js';
import type { Row } from '../options.js';

export function step(operation: string, options: Record<string, unknown> = {}) {
  return { operation, options };
}

export function run(rows: readonly Row[], ...steps: Array<ReturnType<typeof step>>): Row[] {
  return applyPostProcessing(rows, steps);
}

/** The steps without the final flatten applyPostProcessing adds, to look at a pivot's levels. */
export function runLevels(rows: readonly Row[], ...steps: Array<ReturnType<typeof step>>): Row[] {
  let current: Row[] = rows.map((row) => ({ ...row }));
  for (const { operation, options } of steps) {
    const operate = POST_PROCESSING_OPERATIONS[operation];
    if (!operate) throw new Error(`no operation ${operation}`);
    current = operate(current, options);
  }
  return current;
}
