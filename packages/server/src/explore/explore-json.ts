// The legacy POST /nezha/explore_json/: form data → core buildQueryContext → the chart data service, answered
// in the legacy shapes (one payload, not a list) for result types full, query, results, samples and csv.
import { buildQueryContext, type QueryFormData } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import type { ChartDataAnswer, ResultType } from '../chart-data/chart-data-request.js';
import { chartData } from '../chart-data/chart-data-service.js';
import { HttpError } from '../errors/nezha-error.js';
import { visibleChart } from '../saved-charts/access.js';
import { sliceFormData } from '../saved-charts/form-data.js';
import type { AuthUser } from '../security/current-user.js';
import { type FormData, positiveId } from './form-data-access.js';

export type LegacyResultType = 'full' | 'query' | 'results' | 'samples' | 'csv';

export interface ExploreJsonRequest {
  formData: FormData;
  resultType: LegacyResultType;
  force: boolean;
  /** From the /{datasource_type}/{datasource_id}/ route variant, which wins over the form data's key. */
  datasource?: { type: string; id: number } | undefined;
  signal?: AbortSignal | undefined;
}

export type ExploreJsonAnswer =
  | { kind: 'json'; body: Record<string, unknown> }
  | { kind: 'file'; contentType: string; filename: string; body: string | Buffer };

/** A saved chart's form data under the request's, as Superset's get_form_data merges them. */
async function effectiveFormData(ctx: AppContext, user: AuthUser, request: ExploreJsonRequest): Promise<FormData> {
  const sliceId = positiveId(request.formData.slice_id);
  const base = sliceId === undefined ? {} : sliceFormData((await visibleChart(ctx, user, sliceId)).chart);
  const formData = { ...base, ...request.formData };
  if (request.datasource) formData.datasource = `${request.datasource.id}__${request.datasource.type}`;
  if (typeof formData.datasource !== 'string') throw new HttpError(400, 'The form data names no datasource');
  if (typeof formData.viz_type !== 'string' || !formData.viz_type) formData.viz_type = 'table';
  return formData;
}

function legacyBody(answer: ChartDataAnswer & { kind: 'json' }, resultType: LegacyResultType, formData: FormData) {
  const first = (answer.body.result[0] ?? {}) as Record<string, unknown>;
  if (resultType === 'query') return { query: first.query, language: first.language ?? 'sql' };
  if (resultType === 'results' || resultType === 'samples') {
    return { data: first.data, colnames: first.colnames, coltypes: first.coltypes, rowcount: first.rowcount };
  }
  return { ...first, form_data: formData };
}

export async function exploreJson(
  ctx: AppContext,
  user: AuthUser,
  request: ExploreJsonRequest,
): Promise<ExploreJsonAnswer> {
  const formData = await effectiveFormData(ctx, user, request);
  let context: ReturnType<typeof buildQueryContext>;
  try {
    context = buildQueryContext(formData as QueryFormData);
  } catch (error) {
    throw new HttpError(400, error instanceof Error ? error.message : String(error));
  }
  const resultType: ResultType = request.resultType === 'csv' ? 'full' : request.resultType;
  const answer = await chartData(ctx, user, {
    request: {
      datasource: context.datasource,
      queries: context.queries,
      form_data: formData,
      result_format: request.resultType === 'csv' ? 'csv' : 'json',
      result_type: resultType,
      force: request.force,
    },
    force: request.force,
    sliceId: positiveId(formData.slice_id),
    signal: request.signal,
  });
  if (answer.kind === 'file') return answer;
  return { kind: 'json', body: legacyBody(answer, request.resultType, formData) };
}
