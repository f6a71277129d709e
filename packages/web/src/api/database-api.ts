// Calls of the Databases list and its add/edit dialog.

import type { AvailableEngines, DatabaseListItem } from '@nezha/core';
import { api } from './client';
import { withListQuery } from './list-query';
import type { DatabaseDetail, DatabasePayload, ItemResponse, ListQuery, ListResponse } from './types';

const BASE = '/api/v1/database/';

export function fetchDatabases(query: ListQuery): Promise<ListResponse<DatabaseListItem>> {
  return api.get(withListQuery(BASE, query));
}

export async function fetchDatabase(id: number): Promise<DatabaseDetail> {
  const body = await api.get<ItemResponse<DatabaseDetail>>(`${BASE}${id}`);
  return body.result;
}

export function createDatabase(payload: DatabasePayload): Promise<ItemResponse<DatabaseDetail>> {
  return api.post(BASE, payload);
}

export function updateDatabase(id: number, payload: Partial<DatabasePayload>): Promise<ItemResponse<DatabaseDetail>> {
  return api.put(`${BASE}${id}`, payload);
}

export function deleteDatabase(id: number): Promise<{ message: string }> {
  return api.delete(`${BASE}${id}`);
}

/** The engines the server can connect to (GET /api/v1/database/available/). */
export function fetchAvailableEngines(): Promise<AvailableEngines> {
  return api.get(`${BASE}available/`);
}

export function testConnection(payload: {
  sqlalchemy_uri: string;
  database_name?: string;
  extra?: string;
}): Promise<{ message: string }> {
  return api.post(`${BASE}test_connection/`, payload);
}

export async function fetchSchemas(id: number): Promise<string[]> {
  const body = await api.get<{ result: string[] }>(`${BASE}${id}/schemas/`);
  return body.result;
}

export function fetchTables(
  id: number,
  schemaName: string,
): Promise<{ count: number; result: Array<{ value: string; type: string }> }> {
  return api.get(withListQuery(`${BASE}${id}/tables/`, { schema_name: schemaName }));
}
