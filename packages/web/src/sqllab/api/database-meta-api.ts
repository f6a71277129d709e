// Calls of /api/v1/database/{id}/ that SQL Lab's left bar needs: schemas, tables and a table's metadata.

import type { TableMetadata } from '@nezha/core';
import { encodeRison } from '@nezha/core';
import { api } from '../../api/client';
import type { TableListItem } from './types';

const BASE = '/api/v1/database/';

function risonParam(value: Record<string, unknown>): string {
  return `?q=${encodeURIComponent(encodeRison(value))}`;
}

export async function fetchCatalogs(dbId: number): Promise<string[]> {
  const body = await api.get<{ result: string[] }>(`${BASE}${dbId}/catalogs/`);
  return body.result;
}

export async function fetchSchemas(dbId: number, catalog?: string | null, force = false): Promise<string[]> {
  const q: Record<string, unknown> = {};
  if (catalog) q.catalog = catalog;
  if (force) q.force = true;
  const body = await api.get<{ result: string[] }>(`${BASE}${dbId}/schemas/${risonParam(q)}`);
  return body.result;
}

export function fetchTables(
  dbId: number,
  schema: string | null,
  catalog?: string | null,
  force = false,
): Promise<{ count: number; result: TableListItem[] }> {
  const q: Record<string, unknown> = {};
  if (schema) q.schema_name = schema;
  if (catalog) q.catalog_name = catalog;
  if (force) q.force = true;
  return api.get(`${BASE}${dbId}/tables/${risonParam(q)}`);
}

/** Plain query parameters here, not rison (the server reads name, schema and catalog). */
export function fetchTableMetadata(
  dbId: number,
  name: string,
  schema?: string | null,
  catalog?: string | null,
): Promise<TableMetadata> {
  const params = new URLSearchParams({ name });
  if (schema) params.set('schema', schema);
  if (catalog) params.set('catalog', catalog);
  return api.get<TableMetadata>(`${BASE}${dbId}/table_metadata/?${params.toString()}`);
}
