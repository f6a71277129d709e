// The store's cache of what native filter controls read: the rows of their option queries (a select filter's
// values, a range filter's bounds) and the dataset the filter dialog targets. RTK Query keeps them, so identical
// requests share one answer and a failure is never kept.
import type { QueryContext } from '@nezha/core';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query';
import { postChartData } from '../../chart-data/chart-data-api';
import { fetchDatasourceMetadata } from '../../explore/api/explore-api';
import type { Datasource } from '../../explore/api/types';

/** Identical option queries within a minute share one answer (two filters on a column, a remount). */
export const OPTIONS_TTL_MS = 60_000;

export type FilterRows = Array<Record<string, unknown>>;

function message(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}

export const filterDataApi = createApi({
  reducerPath: 'filterData',
  baseQuery: fakeBaseQuery<string>(),
  endpoints: (build) => ({
    /** The first query's rows of a chart data request. */
    filterRows: build.query<FilterRows, QueryContext>({
      queryFn: async (context) => {
        try {
          const [result] = await postChartData(context);
          return { data: result?.data ?? [] };
        } catch (failure) {
          return { error: message(failure) };
        }
      },
      keepUnusedDataFor: OPTIONS_TTL_MS / 1000,
      // An answer kept longer than the minute (a remount while it is still held) is asked again.
      forceRefetch: ({ endpointState }) =>
        endpointState?.fulfilledTimeStamp !== undefined &&
        Date.now() - endpointState.fulfilledTimeStamp >= OPTIONS_TTL_MS,
    }),
    /** A dataset's columns and metrics, kept for the session: the filter dialog reopens on the same datasets. */
    datasetMetadata: build.query<Datasource, number>({
      queryFn: async (datasetId) => {
        try {
          return { data: await fetchDatasourceMetadata(`${datasetId}__table`) };
        } catch (failure) {
          return { error: message(failure) };
        }
      },
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
  }),
});
