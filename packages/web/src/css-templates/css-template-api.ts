// Calls of the CSS template pages and the dashboard CSS editor (/api/v1/css_template/).

import { type AuditUser, idsParam } from '../annotation-layers/annotation-layer-api';
import { api } from '../api/client';
import { withListQuery } from '../api/list-query';
import type { ListQuery, ListResponse } from '../api/types';

const TEMPLATES = '/api/v1/css_template/';

export interface CssTemplateItem {
  id: number;
  template_name: string;
  css: string;
  created_by: AuditUser | null;
  changed_by: AuditUser | null;
  created_on: string;
  changed_on: string;
  changed_on_delta_humanized: string;
}

export interface CssTemplatePayload {
  template_name: string;
  css: string;
}

export const fetchCssTemplates = (query: ListQuery): Promise<ListResponse<CssTemplateItem>> =>
  api.get(withListQuery(TEMPLATES, query));

export const createCssTemplate = (payload: CssTemplatePayload): Promise<{ id: number }> => api.post(TEMPLATES, payload);

export const updateCssTemplate = (id: number, payload: CssTemplatePayload): Promise<unknown> =>
  api.put(`${TEMPLATES}${id}`, payload);

export const deleteCssTemplates = (ids: number[]): Promise<{ message: string }> =>
  api.delete(`${TEMPLATES}?q=${idsParam(ids)}`);
