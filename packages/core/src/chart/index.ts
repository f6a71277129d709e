// Explore's chart logic: adhoc metrics, measures, control validators, constants and form data → query context.
export * from './adhoc-metric.js';
export * from './calculated-measure.js';
export * from './constants.js';
export * from './extras.js';
export * from './filter-status.js';
export * from './measures.js';
export * from './query-context.js';
export * from './query-fields.js';
export * from './query-object.js';
export * from './query-types.js';
export * from './saved-column-methods.js';
export * from './semantic-fields.js';
export * from './validators.js';
