// The queries behind native filter controls: a select filter's options (distinct values of its column, narrowed
// by its cascade parents) and a range filter's bounds, both through POST /api/v1/chart/data.
import {
  buildQueryContext,
  type ExtraFormData,
  filterOptionsFormData,
  type NativeFilter,
  type QueryContext,
} from '@nezha/core';
import { api } from '../../api/client';
import { postChartData } from '../../chart-data/chart-data-api';

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

/** Identical option queries within a minute share one answer (two filters on a column, a remount). */
const OPTIONS_TTL_MS = 60_000;
const recent = new Map<string, { at: number; answer: Promise<Array<Record<string, unknown>>> }>();

function cachedChartRows(context: QueryContext): Promise<Array<Record<string, unknown>>> {
  const key = JSON.stringify(context);
  const now = Date.now();
  const hit = recent.get(key);
  if (hit && now - hit.at < OPTIONS_TTL_MS) return hit.answer;
  const answer = postChartData(context).then(([result]) => result?.data ?? []);
  recent.set(key, { at: now, answer });
  answer.catch(() => recent.delete(key));
  return answer;
}

export async function fetchSelectOptions(
  filter: NativeFilter,
  dashboardId: number,
  dependencies: ExtraFormData,
): Promise<FilterOptionValue[]> {
  const column = targetColumnOf(filter);
  if (!column || !filter.targets[0]?.datasetId) return [];
  const rows = await cachedChartRows(selectOptionsQuery(filter, dashboardId, dependencies));
  return rows.map((row) => row[column] as FilterOptionValue);
}

export async function fetchRangeBounds(
  filter: NativeFilter,
  dashboardId: number,
  dependencies: ExtraFormData,
): Promise<[number, number] | null> {
  if (!targetColumnOf(filter) || !filter.targets[0]?.datasetId) return null;
  const [row] = await cachedChartRows(rangeBoundsQuery(filter, dashboardId, dependencies));
  const min = Number(row?.min);
  const max = Number(row?.max);
  return Number.isFinite(min) && Number.isFinite(max) ? [min, max] : null;
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
