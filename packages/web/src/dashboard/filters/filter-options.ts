// The queries behind native filter controls: a select filter's options (distinct values of its column, narrowed
// by its cascade parents) and a range filter's bounds, both through POST /api/v1/chart/data, their answers kept in
// the store (filter-data-api.ts).
import {
  buildQueryContext,
  type ExtraFormData,
  filterOptionsFormData,
  type NativeFilter,
  type QueryContext,
} from '@nezha/core';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../api/client';
import { type FilterRows, filterDataApi } from './filter-data-api';

export type FilterOptionValue = string | number | boolean | null;

export function targetColumnOf(filter: NativeFilter): string | undefined {
  return filter.targets[0]?.column?.name;
}

/** Distinct values of the column, ordered by the sort metric (largest first) or by value. */
export function selectOptionsQuery(
  filter: NativeFilter,
  dashboardId: number,
  dependencies: ExtraFormData,
): QueryContext {
  const column = targetColumnOf(filter) ?? '';
  const context = buildQueryContext(filterOptionsFormData(filter, { dashboardId, dependencies }));
  const sortMetric = filter.sortMetric ?? null;
  const ascending = filter.controlValues.sortAscending !== false;
  return {
    ...context,
    queries: context.queries.map((query) => ({
      ...query,
      columns: [column],
      metrics: sortMetric ? [sortMetric] : [],
      orderby: [[sortMetric ?? column, sortMetric ? false : ascending]],
    })),
  };
}

/** The smallest and largest value of the column, under the parents' selections. */
export function rangeBoundsQuery(filter: NativeFilter, dashboardId: number, dependencies: ExtraFormData): QueryContext {
  const column = targetColumnOf(filter) ?? '';
  const context = buildQueryContext(filterOptionsFormData(filter, { dashboardId, dependencies }));
  const metric = (aggregate: 'MIN' | 'MAX') => ({
    expressionType: 'SIMPLE' as const,
    column: { column_name: column },
    aggregate,
    label: aggregate.toLowerCase(),
  });
  return {
    ...context,
    queries: context.queries.map((query) => ({
      ...query,
      columns: [],
      metrics: [metric('MIN'), metric('MAX')],
      orderby: [],
      row_limit: 1,
    })),
  };
}

/** A thunk of any store that holds filterDataApi. */
export type FilterDataThunk<R> = ThunkAction<Promise<R>, unknown, unknown, UnknownAction>;

/** The rows of the query, from the store when the same query was answered within the minute. */
function chartRows(context: QueryContext): FilterDataThunk<FilterRows> {
  return (dispatch) => dispatch(filterDataApi.endpoints.filterRows.initiate(context, { subscribe: false })).unwrap();
}

export function fetchSelectOptions(
  filter: NativeFilter,
  dashboardId: number,
  dependencies: ExtraFormData,
): FilterDataThunk<FilterOptionValue[]> {
  return async (dispatch) => {
    const column = targetColumnOf(filter);
    if (!column || !filter.targets[0]?.datasetId) return [];
    const rows = await dispatch(chartRows(selectOptionsQuery(filter, dashboardId, dependencies)));
    return rows.map((row) => row[column] as FilterOptionValue);
  };
}

export function fetchRangeBounds(
  filter: NativeFilter,
  dashboardId: number,
  dependencies: ExtraFormData,
): FilterDataThunk<[number, number] | null> {
  return async (dispatch) => {
    if (!targetColumnOf(filter) || !filter.targets[0]?.datasetId) return null;
    const [row] = await dispatch(chartRows(rangeBoundsQuery(filter, dashboardId, dependencies)));
    const min = Number(row?.min);
    const max = Number(row?.max);
    return Number.isFinite(min) && Number.isFinite(max) ? [min, max] : null;
  };
}

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** "Dynamically search all filter values": the autocomplete endpoint over the whole column. */
export async function searchFilterValues(
  filter: NativeFilter,
  search: string,
  limit = 100,
): Promise<FilterOptionValue[]> {
  const column = targetColumnOf(filter);
  const datasetId = filter.targets[0]?.datasetId;
  if (!column || !datasetId) return [];
  const body = await api.get<{ result: FilterOptionValue[] }>(
    `/nezha/filter/table/${datasetId}/${encodeURIComponent(column)}/${encodeURIComponent(base64(search))}/${limit}/0/`,
  );
  return body.result;
}

/** Option label of a value: null shows as Superset shows it. */
export function optionLabel(value: FilterOptionValue): string {
  if (value === null) return '<NULL>';
  if (value === '') return '<empty string>';
  return String(value);
}
