// The assistant without a model: a question's words matched to the measures, dimensions and time ranges of the
// datasets the user can see (core's matcher), answered with that chart and, in SQL Lab, its SQL and rows.
import { type CatalogDataset, type CatalogMetric, matchFormData, matchQuestion, type QuestionMatch } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { listVisibleDatasets } from '../datasets/service.js';
import { type AuthUser, userHasPermission, userIsAdmin } from '../security/current-user.js';
import { listVisibleMeasures } from '../semantic/measures.js';
import type { ReplyPart, ReplySink } from './parts.js';
import { buildChart, datasetView, runTool, TOOL_ROW_LIMIT } from './tools.js';

/** GenericDataType codes of the dataset API. */
const NUMERIC = 0;
const TEMPORAL = 2;
const CATALOG_LIMIT = 200;

/** What the user can see, in the matcher's terms: every readable dataset, its columns, metrics and measures. */
export async function visibleCatalog(ctx: AppContext, user: AuthUser): Promise<CatalogDataset[]> {
  const options = { filters: [], orderColumn: null, orderDirection: 'asc' as const, page: 0, pageSize: CATALOG_LIMIT };
  const { ids } = await listVisibleDatasets(ctx, user, options, { ownerIds: [] });
  const measures = await listVisibleMeasures(ctx, user, options, { ownerIds: [], tags: [] });
  const catalog: CatalogDataset[] = [];
  for (const id of ids) {
    // readDataset: the same access check as GET /api/v1/dataset/{id}, sensitive columns hidden from non-owners.
    const result = await datasetView(ctx, user, id);
    const metrics: CatalogMetric[] = result.metrics.map((metric) => ({
      name: metric.metric_name,
      verboseName: metric.verbose_name,
      source: 'metric',
    }));
    for (const measure of measures.result) {
      if (measure.datasource_id === id) metrics.push({ name: String(measure.measure_name), source: 'measure' });
    }
    catalog.push({
      id,
      name: result.table_name,
      mainTemporal: result.main_dttm_col,
      metrics,
      columns: result.columns.map((column) => ({
        name: column.column_name,
        verboseName: column.verbose_name,
        isTemporal: column.is_dttm || column.type_generic === TEMPORAL,
        groupable: column.groupby,
        numeric: column.type_generic === NUMERIC,
      })),
    });
  }
  return catalog;
}

export interface OfflineAnswer {
  match: QuestionMatch | null;
  formData: Record<string, unknown> | null;
}

/** Answers one question: a match part, the chart, its SQL and rows in SQL Lab, and how to connect a model. */
export async function answerOffline(
  ctx: AppContext,
  user: AuthUser,
  question: string,
  context: string,
  sink: ReplySink,
): Promise<OfflineAnswer> {
  const catalog = await visibleCatalog(ctx, user);
  const match = matchQuestion(question, catalog);
  const noModel: ReplyPart = { type: 'notice', code: 'no_model', admin: userIsAdmin(user) };
  if (!match) {
    sink.part({ type: 'notice', code: 'no_match', words: [] });
    sink.part(noModel);
    return { match: null, formData: null };
  }
  const formData = matchFormData(match);
  sink.part({
    type: 'match',
    dataset: match.dataset,
    metric: match.metric.label,
    groupby: match.groupby,
    time_range: match.timeRange,
    time_grain: match.timeGrain,
    viz_type: match.vizType,
    unmatched: match.unmatched,
  });
  try {
    const { payload } = await buildChart(ctx, user, formData);
    sink.part({
      type: 'chart',
      form_data: formData,
      columns: payload.colnames,
      data: payload.data.slice(0, TOOL_ROW_LIMIT) as Record<string, unknown>[],
      query: payload.query,
    });
    const dataset = catalog.find((entry) => entry.id === match.dataset.id);
    if (context === 'sqllab' && dataset && userHasPermission(user, 'can_execute_sql_query', 'SQLLab')) {
      const result = await datasetView(ctx, user, dataset.id);
      const sqlArgs = { database_id: result.database.id, schema: result.schema, sql: payload.query };
      sink.part({ type: 'sql', ...sqlArgs });
      const outcome = await runTool(ctx, user, 'run_sql', sqlArgs);
      if (outcome.ok && outcome.part) sink.part(outcome.part);
      else if (!outcome.ok) sink.part({ type: 'tool', name: 'run_sql', ok: false, error: outcome.error });
    }
  } catch (error) {
    sink.part({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
  sink.part(noModel);
  return { match, formData };
}
