// POST /api/v1/chart/data's JSON answer (Superset's ChartDataRestApi): one entry of `result` per query of the
// request, its shape set by the query's result type.
import type { AppliedFilterStatus, RejectedFilterStatus } from '../chart/filter-status.js';
import type { Row } from '../post-processing/options.js';

export type ChartDataResultFormat = 'json' | 'csv' | 'xlsx';

/** One query's answer as computed, which is what the chart cache keeps. */
export interface ChartDataQueryResult {
  data: Row[];
  colnames: string[];
  /** Superset's GenericDataType per column: 0 numeric, 1 string, 2 temporal, 3 boolean. */
  coltypes: number[];
  rowcount: number;
  /** Rows the SQL returned, before post-processing. */
  sql_rowcount: number;
  query: string;
  applied_filters: AppliedFilterStatus[];
  rejected_filters: RejectedFilterStatus[];
  from_dttm: number | null;
  to_dttm: number | null;
  label_map: Record<string, string[]>;
}

/** One entry of `result` for result types full (and samples, drill_detail). */
export interface ChartDataQueryPayload extends ChartDataQueryResult {
  cache_key: string;
  /** Null when the cache was not consulted (a forced run, or caching disabled), as in Superset. */
  is_cached: boolean | null;
  cached_dttm: string | null;
  cache_timeout: number;
  result_format: ChartDataResultFormat;
  error: null;
  status: 'success';
  stacktrace: null;
  /** NATIVE annotation layers by name: {columns, records}. */
  annotation_data: Record<string, { columns: string[]; records: Array<Record<string, string | null>> }>;
}

/** Result type `results`: the rows only. */
export type ChartDataRowsPayload = Pick<ChartDataQueryResult, 'data' | 'colnames' | 'coltypes' | 'rowcount'>;

/** Result type `query`: the SQL the query would run. */
export interface ChartDataSqlPayload {
  query: string;
  language: 'sql';
}

/** Result types `columns` and `timegrains`: the dataset's columns or the engine's time grains. */
export interface ChartDataListPayload {
  data: unknown[];
}

export type ChartDataResult = ChartDataQueryPayload | ChartDataRowsPayload | ChartDataSqlPayload | ChartDataListPayload;

/** The JSON body of a synchronous answer. */
export interface ChartDataResponse {
  result: ChartDataResult[];
}
