// Calls of the semantic layer's entities (spec §7): measures, cohorts and saved columns, created, overwritten and
// read back for editing in explore.
import { api } from '../../api/client';

export interface MeasurePayload {
  measure_name: string;
  viz_type: string;
  datasource_id: number;
  datasource_type: string;
  params: string;
  query_context: string;
  /** Tag names: the measure's tags become exactly these (left alone when absent). */
  tags?: string[];
}

export interface CohortPayload {
  cohort_name: string;
  viz_type: 'cohort';
  datasource_id: number;
  datasource_type: string;
  params: string;
  query_context: string;
  dimensions: string[];
  actor: string | null;
  top_series: unknown;
  auto_complete_option: Array<{ label: string; top_series: unknown }>;
  /** Tag names: the cohort's tags become exactly these (left alone when absent). */
  tags?: string[];
}

export interface SavedColumnPayload {
  column_name: string;
  table_id: number;
  expression: string;
  method: string | null;
  filterable: boolean;
  groupby: boolean;
  form_data: string;
}

export type SemanticPayload = MeasurePayload | CohortPayload | SavedColumnPayload;

/** Where each kind is created; overwriting appends the id (saved columns with Superset's trailing slash). */
export const SEMANTIC_ENDPOINTS = {
  measure: { create: '/api/v1/measure/', item: (id: number) => `/api/v1/measure/${id}` },
  cohort: { create: '/api/v1/cohort/', item: (id: number) => `/api/v1/cohort/${id}` },
  column: {
    create: '/api/v1/dataset/saved_column/',
    item: (id: number) => `/api/v1/dataset/saved_column/${id}/`,
  },
} as const;

export type SemanticKind = keyof typeof SEMANTIC_ENDPOINTS;

export async function saveSemanticEntity(
  kind: SemanticKind,
  payload: SemanticPayload,
  id: number | null,
): Promise<{ id: number }> {
  const endpoint = SEMANTIC_ENDPOINTS[kind];
  return id ? api.put<{ id: number }>(endpoint.item(id), payload) : api.post<{ id: number }>(endpoint.create, payload);
}

/** Whether a kind can carry tags: measures and cohorts are taggable, saved columns are not. */
export const isTaggableKind = (kind: SemanticKind): kind is 'measure' | 'cohort' => kind !== 'column';

/** The names of the tags on a stored measure or cohort (its answer's `tags`). */
export async function fetchSemanticTags(kind: 'measure' | 'cohort', id: number): Promise<string[]> {
  const { result } = await api.get<{ result: { tags?: Array<{ name: string }> } }>(SEMANTIC_ENDPOINTS[kind].item(id));
  return (result.tags ?? []).map((tag) => tag.name);
}

/** A stored measure or cohort: its dataset, viz type, name and the explore form data it was built in. */
export interface StoredSemanticEntity {
  name: string;
  vizType: string;
  datasourceId: number;
  datasourceType: string;
  /** JSON text. */
  params: string | null;
}

export async function fetchSemanticEntity(kind: SemanticKind, id: number): Promise<StoredSemanticEntity> {
  const { result } = await api.get<{ result: Record<string, unknown> }>(SEMANTIC_ENDPOINTS[kind].item(id));
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  if (kind === 'column') {
    const stored = result.form_data && typeof result.form_data === 'object' ? result.form_data : {};
    const method = text(result.method);
    const vizType =
      text((stored as Record<string, unknown>).viz_type) ?? (method ? 'calculated_column' : 'saved_column');
    // The column's own fields win over the explore state it was saved from.
    const params = {
      ...stored,
      viz_type: vizType,
      expression: result.expression,
      ...(vizType === 'calculated_column' ? { column: result.expression } : {}),
      method,
      filterable: result.filterable !== false,
      groupable: result.groupby !== false,
    };
    return {
      name: text(result.column_name) ?? '',
      vizType,
      datasourceId: Number(result.table_id),
      datasourceType: 'table',
      params: JSON.stringify(params),
    };
  }
  return {
    name: text(kind === 'measure' ? result.measure_name : result.cohort_name) ?? '',
    vizType: text(result.viz_type) ?? kind,
    datasourceId: Number(result.datasource_id),
    datasourceType: text(result.datasource_type) ?? 'table',
    params: text(result.params),
  };
}
