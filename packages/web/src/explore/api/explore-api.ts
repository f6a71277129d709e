// Calls of the explore view (spec §7): bootstrap, favourites, permalinks, cached form data, time ranges,
// filter autocomplete and the dataset's semantic layer (measures, saved columns, cohorts).
import { encodeRison, partitionColumnsOf, type QueryFormData, type TablePartitionsJson } from '@nezha/core';
import { api } from '../../api/client';
import type { Cohort, Datasource, ExploreBootstrap, FilterCacheState, SavedColumn, SavedMeasure } from './types';

const rison = (value: unknown) => `?q=${encodeURIComponent(encodeRison(value))}`;

export interface BootstrapParams {
  sliceId?: number;
  datasourceId?: number;
  datasourceType?: string;
  permalinkKey?: string;
  formDataKey?: string;
}

export async function fetchExploreBootstrap(params: BootstrapParams): Promise<ExploreBootstrap> {
  const query = new URLSearchParams();
  if (params.sliceId) query.set('slice_id', String(params.sliceId));
  if (params.datasourceId) query.set('datasource_id', String(params.datasourceId));
  if (params.datasourceType) query.set('datasource_type', params.datasourceType);
  if (params.permalinkKey) query.set('permalink_key', params.permalinkKey);
  if (params.formDataKey) query.set('form_data_key', params.formDataKey);
  const body = await api.get<{ result: ExploreBootstrap }>(`/api/v1/explore/?${query.toString()}`);
  return body.result;
}

export async function fetchDatasourceMetadata(datasourceKey: string): Promise<Datasource> {
  return api.get<Datasource>(`/nezha/fetch_datasource_metadata?datasourceKey=${encodeURIComponent(datasourceKey)}`);
}

/**
 * The partition column(s) of a physical dataset's table (the only columns LATEST_PARTITION applies to: one key
 * column, or each Hive folder key), or none; like Superset, a failed lookup just leaves the operator out.
 */
export async function fetchPartitionColumns(datasource: Datasource): Promise<string[]> {
  const table = datasource.table_name ?? datasource.datasource_name;
  if (datasource.type !== 'table' || datasource.sql || !table || !datasource.database?.id) return [];
  const query = new URLSearchParams({ name: table });
  if (datasource.schema) query.set('schema', datasource.schema);
  try {
    const extra = await api.get<{ partitions?: TablePartitionsJson }>(
      `/api/v1/database/${datasource.database.id}/table_metadata/extra/?${query.toString()}`,
    );
    return partitionColumnsOf(extra);
  } catch {
    return [];
  }
}

export async function fetchChartFavoriteStatus(chartId: number): Promise<boolean> {
  const body = await api.get<{ result: Array<{ id: number; value: boolean }> }>(
    `/api/v1/chart/favorite_status/${rison([chartId])}`,
  );
  return body.result[0]?.value === true;
}

export function starChart(chartId: number): Promise<unknown> {
  return api.post(`/api/v1/chart/${chartId}/favorites/`);
}

export function unstarChart(chartId: number): Promise<unknown> {
  return api.delete(`/api/v1/chart/${chartId}/favorites/`);
}

export function createExplorePermalink(
  formData: QueryFormData,
  urlParams: Array<[string, string]>,
): Promise<{ key: string; url: string }> {
  return api.post('/api/v1/explore/permalink', { formData, urlParams });
}

export interface FormDataEntry {
  datasource_id: number;
  datasource_type: string;
  chart_id?: number | null;
  form_data: string;
}

export async function createFormDataKey(entry: FormDataEntry): Promise<string> {
  return (await api.post<{ key: string }>('/api/v1/explore/form_data', entry)).key;
}

export async function updateFormDataKey(key: string, entry: FormDataEntry): Promise<string> {
  return (await api.put<{ key: string }>(`/api/v1/explore/form_data/${encodeURIComponent(key)}`, entry)).key;
}

export interface ResolvedTimeRange {
  since: string;
  until: string;
  timeRange: string;
}

export async function fetchTimeRange(timeRange: string, signal?: AbortSignal): Promise<ResolvedTimeRange> {
  const body = await api.get<{ result: ResolvedTimeRange[] }>(
    `/api/v1/time_range/${rison(timeRange)}`,
    signal ? { signal } : {},
  );
  const first = body.result[0];
  if (!first) throw new Error('No time range in the answer');
  return first;
}

/** Base64 of the UTF-8 text, URL-safe, so that any search text fits in one path segment. */
export function base64Search(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export interface FilterColumnRef {
  datasourceType: string;
  datasourceId: number;
  column: string;
}

const filterBase = ({ datasourceType, datasourceId, column }: FilterColumnRef) =>
  `/nezha/filter/${encodeURIComponent(datasourceType)}/${datasourceId}/${encodeURIComponent(column)}`;

export async function fetchFilterSuggestions(
  ref: FilterColumnRef,
  search: string,
  limit: number,
  offset = 0,
  signal?: AbortSignal,
): Promise<unknown[]> {
  const body = await api.get<{ result: unknown[] }>(
    `${filterBase(ref)}/${base64Search(search)}/${limit}/${offset}/`,
    signal ? { signal } : {},
  );
  return body.result;
}

export async function fetchFilterCacheState(ref: FilterColumnRef): Promise<FilterCacheState> {
  return (await api.get<{ result: FilterCacheState }>(`${filterBase(ref)}/cache/check/`)).result;
}

/** POST /api/v1/query/column_values/caching/: counts the column's values again; answers the new cache state. */
export async function warmFilterColumn(ref: FilterColumnRef): Promise<FilterCacheState> {
  const body = await api.post<{ result: FilterCacheState }>('/api/v1/query/column_values/caching/', {
    datasource_id: ref.datasourceId,
    datasource_type: ref.datasourceType,
    column_name: ref.column,
  });
  return body.result;
}

export function incrementFilterValues(ref: FilterColumnRef, items: Array<string | number | boolean>): Promise<unknown> {
  return api.post(`${filterBase(ref)}/cache/incrby/`, { items });
}

export async function fetchSavedMeasures(datasetId: number): Promise<SavedMeasure[]> {
  const q = { filters: [{ col: 'datasource_id', opr: 'eq', value: datasetId }], page_size: 100 };
  return (await api.get<{ result: SavedMeasure[] }>(`/api/v1/measure/${rison(q)}`)).result;
}

export async function fetchSavedColumns(datasetId: number): Promise<SavedColumn[]> {
  return (await api.get<{ result: SavedColumn[] }>(`/api/v1/dataset/${datasetId}/saved_columns`)).result;
}

export async function fetchCohorts(datasetId: number): Promise<Cohort[]> {
  return (await api.get<{ result: Cohort[] }>(`/api/v1/dataset/${datasetId}/cohorts`)).result;
}
