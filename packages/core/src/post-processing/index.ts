// Post-processing of chart results; callers run steps through applyPostProcessing, the rest is for typing steps.
export type { AggregateOptions, AggregateSpec } from './aggregate.js';
export { applyPostProcessing, POST_PROCESSING_OPERATIONS, unsupportedOperationMessage } from './apply.js';
export {
  COMPARISON_TYPES,
  type CompareOptions,
  type ComparisonType,
  type ContributionOptions,
  TIME_COMPARISON,
  timeShiftedColumn,
} from './compare.js';
export {
  type BoxplotOptions,
  type HistogramOptions,
  MAX_HISTOGRAM_BINS,
  WHISKER_TYPES,
  type WhiskerType,
} from './distribution.js';
export { FLAT_COLUMN_SEPARATOR } from './levels.js';
export { PostProcessingError, type Row } from './options.js';
export { NULL_STRING, type PivotOptions } from './pivot.js';
export { RESAMPLE_METHODS, RESAMPLE_RULES, type ResampleMethod, type ResampleOptions } from './resample.js';
export {
  CUMULATIVE_OPERATORS,
  type CumOptions,
  type CumulativeOperator,
  type DiffOptions,
  MAX_ROLLING_WINDOW,
  ROLLING_TYPES,
  type RollingOptions,
  type RollingType,
} from './window.js';
