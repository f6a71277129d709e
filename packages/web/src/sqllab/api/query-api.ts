// Calls of /api/v1/query/: stop a run, read its record, the history list and the runs changed since a time.

import type { QueryHistoryRecord, QueryRecord } from '@nezha/core';
import { encodeRison } from '@nezha/core';
import { api } from '../../api/client';
import { withListQuery } from '../../api/list-query';
import type { ListQuery, ListResponse } from '../../api/types';

const BASE = '/api/v1/query/';

export async function stopQuery(clientId: string): Promise<void> {
  await api.post(`${BASE}stop`, { client_id: clientId });
}

export async function fetchQueryRecord(id: number): Promise<QueryRecord> {
  const body = await api.get<{ result: QueryRecord }>(`${BASE}${id}`);
  return body.result;
}

export function fetchQueryHistory(query: ListQuery): Promise<ListResponse<QueryHistoryRecord>> {
  return api.get(withListQuery(BASE, query));
}

/** The caller's runs whose record changed after `lastUpdatedMs` (milliseconds since the epoch). */
export async function fetchQueriesUpdatedSince(lastUpdatedMs: number): Promise<QueryRecord[]> {
  const q = encodeURIComponent(encodeRison({ last_updated_ms: Math.max(0, Math.floor(lastUpdatedMs)) }));
  const body = await api.get<{ result: QueryRecord[] }>(`${BASE}updated_since?q=${q}`);
  return body.result;
}

/** A page of the Query history list; the filters are Superset's (see query-history-list.ts). */
export function fetchQueryList(query: Record<string, unknown>): Promise<ListResponse<QueryHistoryRecord>> {
  return api.get(withListQuery(BASE, query));
}

export interface RelatedOption {
  value: number;
  text: string;
}

/** The users the caller may filter the history by (only themselves without all_query_access). */
export function fetchQueryRelatedUsers(filter = ''): Promise<ListResponse<RelatedOption>> {
  return api.get(withListQuery(`${BASE}related/user`, { filter, page: 0, page_size: 100 }));
}

/** The databases the caller may filter the history by. */
export function fetchQueryRelatedDatabases(filter = ''): Promise<ListResponse<RelatedOption>> {
  return api.get(withListQuery(`${BASE}related/database`, { filter, page: 0, page_size: 100 }));
}
