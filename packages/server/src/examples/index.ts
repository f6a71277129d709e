// The examples module's public face: load the example tables into DuckDB and show progress while doing it.
export { exampleDatasets, findVegaPackage } from './catalogue.js';
export { consoleProgress, type ProgressStream } from './console-progress.js';
export type { ColumnType, ExampleDataset } from './dataset.js';
export {
  ExamplesLoadError,
  type ExampleTable,
  type LoadExamplesOptions,
  type LoadProgressEvent,
  type LoadRecord,
  type LoadRecordEntry,
  loadExamples,
  loadRecordFile,
  moveExamplesLoadRecord,
  readLoadRecord,
} from './load-examples.js';
