// What POST /api/v1/chart/data takes and gives (spec §3 chart query request, Superset's ChartDataRestApi payload).
import type { ChartDataResultFormat, QueryObject } from '@nezha/core';

export const RESULT_FORMATS = ['json', 'csv', 'xlsx'] as const satisfies readonly ChartDataResultFormat[];
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

/** One query's answer as computed (what the cache keeps), and one entry of `result` for result type full. */
export type { ChartDataQueryPayload as QueryPayload, ChartDataQueryResult as QueryResult } from '@nezha/core';

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
