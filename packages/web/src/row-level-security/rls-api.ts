// Calls of the row-level security page (/api/v1/rowlevelsecurity/, Superset's RLS API).
import { encodeRison } from '@nezha/core';
import { type AuditUser, idsParam } from '../annotation-layers/annotation-layer-api';
import { api } from '../api/client';
import { withListQuery } from '../api/list-query';
import type { ListQuery, ListResponse } from '../api/types';

const RULES = '/api/v1/rowlevelsecurity/';

export type FilterType = 'Regular' | 'Base';

export interface RlsRuleItem {
  id: number;
  name: string;
  filter_type: FilterType;
  tables: Array<{ id: number; table_name: string }>;
  roles: Array<{ id: number; name: string }>;
  clause: string;
  group_key: string | null;
  description: string | null;
  changed_by: AuditUser | null;
  changed_on_delta_humanized: string;
}

export interface RlsRulePayload {
  name: string;
  description: string | null;
  filter_type: FilterType;
  tables: number[];
  roles: number[];
  group_key: string | null;
  clause: string;
}

export interface RelatedOption {
  value: number;
  text: string;
}

export const fetchRlsRules = (query: ListQuery): Promise<ListResponse<RlsRuleItem>> =>
  api.get(withListQuery(RULES, query));

export const createRlsRule = (payload: RlsRulePayload): Promise<{ id: number }> => api.post(RULES, payload);

export const updateRlsRule = (id: number, payload: RlsRulePayload): Promise<unknown> =>
  api.put(`${RULES}${id}`, payload);

export const deleteRlsRules = (ids: number[]): Promise<{ message: string }> =>
  api.delete(`${RULES}?q=${idsParam(ids)}`);

export async function fetchRlsRelated(kind: 'tables' | 'roles', search: string): Promise<RelatedOption[]> {
  const q = encodeURIComponent(encodeRison({ filter: search, page: 0, page_size: 100 }));
  return (await api.get<{ result: RelatedOption[] }>(`${RULES}related/${kind}?q=${q}`)).result;
}
