// Calls of the annotation layer editor: a page of saved charts a layer may read from, and a source chart's columns.
import { encodeRison, type QueryFormData } from '@nezha/core';
import { api } from '../../api/client';
import type { ChartSourceType } from '../../charts/shared/annotations/annotation-layer';
import { sourceChartsQuery } from '../controls/annotation-source';

export interface SourceChart {
  id: number;
  slice_name: string;
  viz_type: string | null;
}

export async function fetchSourceCharts(
  sourceType: ChartSourceType,
  search: string,
  page: number,
): Promise<{ result: SourceChart[]; count: number }> {
  const q = encodeURIComponent(encodeRison(sourceChartsQuery(sourceType, search, page)));
  const body = await api.get<{ result: SourceChart[]; count: number }>(`/api/v1/chart/?q=${q}`);
  return { result: body.result, count: body.count };
}

/** A source chart's name and saved form data (GET /api/v1/chart/{id}). */
export async function fetchSourceChart(id: number): Promise<{ slice_name: string; form_data: QueryFormData }> {
  const body = await api.get<{ result: { slice_name: string; form_data: QueryFormData } }>(`/api/v1/chart/${id}`);
  return { slice_name: body.result.slice_name, form_data: body.result.form_data };
}
