// Calls of the "Edit dataset" dialog: the dataset detail, PUT and tags, refresh (sync), run-to-check and the owners
// picker.
import { encodeRison, type ObjectTag } from '@nezha/core';
import { api } from '../../api/client';
import { saveObjectTags } from '../../tags/tags-api';

export interface CertificationFields {
  certified_by: string;
  certification_details: string;
}

export interface DatasetColumnDetail {
  id: number;
  column_name: string;
  verbose_name: string | null;
  description: string | null;
  expression: string | null;
  type: string | null;
  advanced_data_type: string | null;
  is_dttm: boolean;
  groupby: boolean;
  filterable: boolean;
  python_date_format: string | null;
  extra: string | null;
}

export interface DatasetMetricDetail {
  id: number;
  metric_name: string;
  verbose_name: string | null;
  metric_type: string | null;
  expression: string;
  description: string | null;
  d3format: string | null;
  currency: { symbol?: string; symbolPosition?: string } | null;
  warning_text: string | null;
  extra: string | null;
}

export interface DatasetDetail {
  id: number;
  table_name: string;
  schema: string | null;
  catalog: string | null;
  sql: string | null;
  kind: 'physical' | 'virtual';
  database: { id: number; database_name: string; backend: string };
  description: string | null;
  default_endpoint: string | null;
  cache_timeout: number | null;
  main_dttm_col: string | null;
  template_params: string | null;
  extra: string | null;
  owners: Array<{ id: number; first_name: string; last_name: string }>;
  /** The dataset's tags (its tag links). */
  tags?: ObjectTag[];
  columns: DatasetColumnDetail[];
  metrics: DatasetMetricDetail[];
}

export interface SourceColumn {
  column_name: string;
  type: string | null;
  is_dttm: boolean;
}

export async function fetchDatasetDetail(id: number): Promise<DatasetDetail> {
  return (await api.get<{ result: DatasetDetail }>(`/api/v1/dataset/${id}`)).result;
}

export function saveDataset(id: number, payload: Record<string, unknown>): Promise<unknown> {
  return api.put(`/api/v1/dataset/${id}`, payload);
}

/**
 * The editor's save: the dataset's fields in one PUT, then its tags through the tags API (as the chart and dashboard
 * properties dialogs do), from the tags it had when the editor opened to the ones it has now.
 */
export async function saveDatasetEdits(
  id: number,
  payload: Record<string, unknown>,
  tags: { before: readonly string[]; after: readonly string[] },
): Promise<void> {
  await saveDataset(id, payload);
  await saveObjectTags('dataset', id, tags.before, tags.after);
}

/** Superset's "Sync columns from source": the server re-reads the stored source and keeps users' edits. */
export function syncDatasetColumns(id: number): Promise<unknown> {
  return api.put(`/api/v1/dataset/${id}/refresh`, {});
}

export async function checkDatasetSource(
  id: number,
  sql: string | null,
  templateParams: string | null,
): Promise<SourceColumn[]> {
  const body = await api.post<{ result: SourceColumn[] }>(`/api/v1/dataset/${id}/source_columns`, {
    sql,
    template_params: templateParams,
  });
  return body.result;
}

export interface OwnerOption {
  value: number;
  text: string;
}

export async function fetchDatasetOwners(search: string): Promise<OwnerOption[]> {
  const q = encodeURIComponent(encodeRison({ filter: search, page: 0, page_size: 50 }));
  return (await api.get<{ result: OwnerOption[] }>(`/api/v1/dataset/related/owners?q=${q}`)).result;
}
