// Adhoc filters: operators, validity, editing transitions, filter trees, custom SQL guards, dashboard filter keys.
export * from './adhoc-filter.js';
export * from './adhoc-filter-editing.js';
export * from './autocomplete-cache.js';
export * from './custom-sql.js';
export * from './filter-key.js';
export * from './filter-tree.js';
export * from './operators.js';
export * from './partitions.js';
