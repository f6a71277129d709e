// Calls of the annotation layer pages: layers and a layer's annotations (/api/v1/annotation_layer/).
import { encodeRison } from '@nezha/core';
import { api } from '../api/client';
import { withListQuery } from '../api/list-query';
import type { ItemResponse, ListQuery, ListResponse } from '../api/types';

const LAYERS = '/api/v1/annotation_layer/';

/** The rison list of a bulk delete, `!(1,2)`. */
export const idsParam = (ids: number[]) => encodeURIComponent(encodeRison(ids));

export interface AuditUser {
  id: number;
  first_name: string;
  last_name: string;
}

export interface AnnotationLayerItem {
  id: number;
  name: string;
  descr: string | null;
  created_by: AuditUser | null;
  changed_by: AuditUser | null;
  created_on: string;
  changed_on: string;
  changed_on_delta_humanized: string;
}

export interface AnnotationItem {
  id: number;
  short_descr: string;
  long_descr: string | null;
  /** Naive UTC date-times, "YYYY-MM-DDTHH:MM:SS". */
  start_dttm: string;
  end_dttm: string;
  json_metadata: string | null;
  layer: { id: number; name: string };
  changed_on_delta_humanized: string;
}

export interface AnnotationLayerPayload {
  name: string;
  descr: string | null;
}

export interface AnnotationPayload {
  short_descr: string;
  long_descr: string | null;
  start_dttm: string;
  end_dttm: string;
  json_metadata: string | null;
}

export const fetchAnnotationLayers = (query: ListQuery): Promise<ListResponse<AnnotationLayerItem>> =>
  api.get(withListQuery(LAYERS, query));

export const fetchAnnotationLayer = (id: number): Promise<ItemResponse<AnnotationLayerItem>> =>
  api.get(`${LAYERS}${id}`);

export const createAnnotationLayer = (payload: AnnotationLayerPayload): Promise<{ id: number }> =>
  api.post(LAYERS, payload);

export const updateAnnotationLayer = (id: number, payload: AnnotationLayerPayload): Promise<unknown> =>
  api.put(`${LAYERS}${id}`, payload);

export const deleteAnnotationLayers = (ids: number[]): Promise<{ message: string }> =>
  api.delete(`${LAYERS}?q=${idsParam(ids)}`);

export const fetchAnnotations = (layerId: number, query: ListQuery): Promise<ListResponse<AnnotationItem>> =>
  api.get(withListQuery(`${LAYERS}${layerId}/annotation/`, query));

export const createAnnotation = (layerId: number, payload: AnnotationPayload): Promise<{ id: number }> =>
  api.post(`${LAYERS}${layerId}/annotation/`, payload);

export const updateAnnotation = (layerId: number, id: number, payload: AnnotationPayload): Promise<unknown> =>
  api.put(`${LAYERS}${layerId}/annotation/${id}`, payload);

export const deleteAnnotations = (layerId: number, ids: number[]): Promise<{ message: string }> =>
  api.delete(`${LAYERS}${layerId}/annotation/?q=${idsParam(ids)}`);
