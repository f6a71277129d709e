// Calls of the Datasets list and its "+ Dataset" dialog: GET /api/v1/dataset/, POST /api/v1/dataset/, DELETE.
import type { ObjectTag } from '@nezha/core';
import { api } from '../api/client';
import { withListQuery } from '../api/list-query';
import type { ListQuery, ListResponse } from '../api/types';

export interface DatasetListItem {
  id: number;
  table_name: string;
  schema: string | null;
  catalog: string | null;
  kind: 'physical' | 'virtual';
  database: { id: number; database_name: string };
  description: string | null;
  explore_url: string;
  owners: Array<{ id: number; first_name: string; last_name: string }>;
  tags?: ObjectTag[];
  changed_on_utc: string;
  changed_on_delta_humanized: string;
  changed_by_name: string | null;
}

export function fetchDatasets(query: ListQuery): Promise<ListResponse<DatasetListItem>> {
  return api.get(withListQuery('/api/v1/dataset/', query));
}

export interface DatasetCreatePayload {
  database: number;
  schema: string | null;
  table_name: string;
}

export function createDataset(payload: DatasetCreatePayload): Promise<{ id: number; result: unknown }> {
  return api.post('/api/v1/dataset/', payload);
}

export function deleteDataset(id: number): Promise<{ message: string }> {
  return api.delete(`/api/v1/dataset/${id}`);
}

/** The dataset already made on a table, if any (the dialog links to it instead of creating a second). */
export async function findDatasetOnTable(database: number, schema: string | null, table: string) {
  const filters: NonNullable<ListQuery['filters']> = [
    { col: 'database', opr: 'rel_o_m', value: database },
    { col: 'table_name', opr: 'eq', value: table },
  ];
  if (schema) filters.push({ col: 'schema', opr: 'eq', value: schema });
  const body = await fetchDatasets({ filters, page: 0, page_size: 1 });
  return body.result[0] ?? null;
}
