// What POST /api/v1/chart/data takes and gives (spec §3 chart query request, Superset's ChartDataRestApi payload).
import type { QueryObject, Row } from '@nezha/core';
import type { AppliedFilter, RejectedFilter } from './compile/filters.js';

export const RESULT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];
export const RESULT_TYPES = ['full', 'query', 'results', 'samples', 'columns', 'timegrains', 'drill_detail'] as const;
export type ResultType = (typeof RESULT_TYPES)[number];

export interface ChartDataRequest {
  datasource: { id: number; type: string };
  queries: QueryObject[];
  form_data?: Record<string, unknown> | undefined;
  result_format: ResultFormat;
  result_type: ResultType;
  force: boolean;
  /** Seconds to keep the answers, over the chart's, dataset's and database's own; -1: no cache at all. */
  custom_cache_timeout?: number | undefined;
}

/** Superset's CACHE_DISABLED_TIMEOUT: neither read nor write the cache. */
export const CACHE_DISABLED_TIMEOUT = -1;

/** The request plus what came in the query string and the connection. */
export interface ChartDataCall {
  request: ChartDataRequest;
  /** `?force=true` or the body's `force`. */
  force: boolean;
  /**
   * `?form_data={"slice_id": …}` and `?dashboard_id=` (the batch endpoint's dashboard): under DashboardRbac a
   * dashboard's roles open the data of its charts to callers without their own access to it.
   */
  sliceId?: number | undefined;
  dashboardId?: number | undefined;
  /** Fires when the client goes away. */
  signal?: AbortSignal | undefined;
}

/** One query's answer as computed, which is what the cache keeps. */
export interface QueryResult {
  data: Row[];
  colnames: string[];
  coltypes: number[];
  rowcount: number;
  /** Rows the SQL returned, before post-processing. */
  sql_rowcount: number;
  query: string;
  applied_filters: AppliedFilter[];
  rejected_filters: RejectedFilter[];
  from_dttm: number | null;
  to_dttm: number | null;
  label_map: Record<string, string[]>;
}

/** One entry of `result` for result types full (and samples, drill_detail). */
export interface QueryPayload extends QueryResult {
  cache_key: string;
  /** Null when the cache was not consulted (a forced run, or caching disabled), as in Superset. */
  is_cached: boolean | null;
  cached_dttm: string | null;
  cache_timeout: number;
  result_format: ResultFormat;
  error: null;
  status: 'success';
  stacktrace: null;
  /** NATIVE annotation layers by name: {columns, records} (charts/native-annotations.ts). */
  annotation_data: Record<string, { columns: string[]; records: Array<Record<string, string | null>> }>;
}

export type ChartDataAnswer =
  | {
      kind: 'json';
      body: { result: unknown[] };
      /**
       * Set when this very answer may be sent again as bytes until `expiresAt` (epoch ms): every query came from the
       * chart cache, so the answer is what a new computation would give until its first entry expires.
       */
      reusableUntil?: number;
    }
  | { kind: 'file'; contentType: string; filename: string; body: string | Buffer };
