// The explore URL (spec §2): what /explore/ and /explore/p/<key>/ ask for, and the URL explore keeps in sync.
import { parseDatasourceKey, type QueryFormData } from '@nezha/core';
import { isStandalone } from '../../components/layout/standalone';

export interface ExploreUrlState {
  sliceId?: number;
  dashboardId?: number;
  vizType?: string;
  datasourceId?: number;
  datasourceType?: string;
  formDataKey?: string;
  permalinkKey?: string;
  /** A saved measure, cohort or saved column opened for editing (?measure_id=, ?cohort_id=, ?saved_column_id=). */
  semanticEntity?: { kind: 'measure' | 'cohort' | 'column'; id: number };
  /** A whole form data object given in the URL (?form_data=JSON). */
  formData?: Partial<QueryFormData>;
  standalone: boolean;
  force: boolean;
  /** The hash without its leading #. */
  anchor?: string;
  /** Every other parameter, passed into permalinks and the form data's url_params. */
  urlParams: Record<string, string>;
}

/** Parameters explore itself reads; the rest are the chart's URL parameters. */
export const RESERVED_URL_PARAMS = [
  'sliceId',
  'slice_id',
  'dashboardId',
  'dashboard_id',
  'vizType',
  'viz_type',
  'datasource',
  'datasource_id',
  'datasource_type',
  'datasourceId',
  'datasourceType',
  'form_data',
  'form_data_key',
  'permalink_key',
  'standalone',
  'force',
  'save_action',
  'measure_id',
  'cohort_id',
  'saved_column_id',
] as const;

const PERMALINK_PATH = /^\/explore\/p\/([^/]+)\/?$/;

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  const number = Number(value);
  return number > 0 ? number : undefined;
}

function text(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parseFormData(value: string | null): Partial<QueryFormData> | undefined {
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Partial<QueryFormData>)
      : undefined;
  } catch {
    // A hand-edited URL with broken JSON opens as if the parameter were absent.
    return undefined;
  }
}

export function parseExploreUrl(pathname: string, search: string, hash = ''): ExploreUrlState {
  const params = new URLSearchParams(search);
  const read = (...names: string[]) => names.map((name) => params.get(name)).find((value) => value !== null) ?? null;
  const state: ExploreUrlState = {
    standalone: isStandalone(params.get('standalone')),
    force: params.get('force') === 'true' || params.get('force') === '1',
    urlParams: {},
  };
  const permalink = PERMALINK_PATH.exec(pathname)?.[1] ?? text(params.get('permalink_key'));
  if (permalink) state.permalinkKey = decodeURIComponent(permalink);

  const sliceId = positiveInt(read('slice_id', 'sliceId'));
  if (sliceId) state.sliceId = sliceId;
  const dashboardId = positiveInt(read('dashboard_id', 'dashboardId'));
  if (dashboardId) state.dashboardId = dashboardId;
  const vizType = text(read('viz_type', 'vizType'));
  if (vizType) state.vizType = vizType;
  for (const [kind, name] of [
    ['measure', 'measure_id'],
    ['cohort', 'cohort_id'],
    ['column', 'saved_column_id'],
  ] as const) {
    const id = positiveInt(params.get(name));
    if (id && !state.semanticEntity) state.semanticEntity = { kind, id };
  }
  const formDataKey = text(params.get('form_data_key'));
  if (formDataKey) state.formDataKey = formDataKey;
  const formData = parseFormData(params.get('form_data'));
  if (formData) state.formData = formData;

  const key = parseDatasourceKey(params.get('datasource') ?? '');
  const datasourceId = positiveInt(read('datasource_id', 'datasourceId')) ?? key?.id;
  if (datasourceId) {
    state.datasourceId = datasourceId;
    state.datasourceType = text(read('datasource_type', 'datasourceType')) ?? key?.type ?? 'table';
  }
  const anchor = hash.replace(/^#/, '');
  if (anchor) state.anchor = anchor;

  for (const [name, value] of params) {
    if (!(RESERVED_URL_PARAMS as readonly string[]).includes(name)) state.urlParams[name] = value;
  }
  return state;
}

/**
 * The URL explore shows while editing: the saved chart and the cached form data key, plus the chart's own
 * URL parameters, standalone and the anchor.
 */
export function exploreUrlOf(state: {
  sliceId?: number | null;
  formDataKey?: string | null;
  urlParams?: Record<string, string>;
  standalone?: boolean;
  anchor?: string;
}): string {
  const params = new URLSearchParams();
  if (state.formDataKey) params.set('form_data_key', state.formDataKey);
  if (state.sliceId) params.set('slice_id', String(state.sliceId));
  for (const [name, value] of Object.entries(state.urlParams ?? {})) params.set(name, value);
  if (state.standalone) params.set('standalone', 'true');
  const search = params.toString();
  return `/explore/${search ? `?${search}` : ''}${state.anchor ? `#${state.anchor}` : ''}`;
}

/** Explore editing a saved measure, cohort or saved column. */
export function semanticEntityExploreUrl(kind: 'measure' | 'cohort' | 'column', id: number): string {
  const name = kind === 'measure' ? 'measure_id' : kind === 'cohort' ? 'cohort_id' : 'saved_column_id';
  return `/explore/?${name}=${id}`;
}

/** Explore a dataset, as the datasets list links to it. */
export function datasetExploreUrl(datasetId: number, datasourceType = 'table'): string {
  return `/explore/?datasource_type=${encodeURIComponent(datasourceType)}&datasource_id=${datasetId}`;
}
