// Writes a checked import plan inside the caller's transaction, kind by kind in dependency order (databases,
// datasets, charts, dashboards, saved queries), rewiring each reference from the bundle's uuids to this server's ids.
import type { Transaction } from 'kysely';
import { PASSWORD_MASK, passwordOf, withPassword } from '../engines/uri.js';
import { encryptSecret } from '../security/secrets.js';
import { convertDashboardFilterBoxes } from '../store/filter-boxes.js';
import {
  setChartParams,
  upsertChart,
  upsertDashboard,
  upsertDatabase,
  upsertDataset,
  upsertSavedQuery,
} from '../store/imports.js';
import type { MetadataSchema } from '../store/schema.js';
import { layoutChartUuids, toImportRefs } from './dashboard-refs.js';
import type { Action, ImportPlan, ImportSummary } from './import-plan.js';
import { parseExtraObject, safeJson } from './import-plan.js';
import type { ChartConfig } from './import-schemas.js';

type Trx = Transaction<MetadataSchema>;
type Ids = Map<string, number>;

const stringify = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);
const flag = (value: boolean | null | undefined, fallback = false): number => ((value ?? fallback) ? 1 : 0);

function emptySummary(): ImportSummary {
  const counts = (): Record<Action, number> => ({ create: 0, update: 0, keep: 0 });
  return { database: counts(), dataset: counts(), chart: counts(), dashboard: counts(), saved_query: counts() };
}

/** A chart's form data pointed at its dataset on this server (Superset's import_chart sets `datasource`). */
function chartParams(
  config: ChartConfig,
  datasetId: number,
  chartId: number,
): { params: string; queryContext: string | null } {
  const raw = typeof config.params === 'string' ? safeJson(config.params) : config.params;
  const params = {
    ...parseExtraObject(raw),
    datasource: `${datasetId}__table`,
    slice_id: chartId,
    viz_type: config.viz_type,
  };
  let queryContext: string | null = null;
  const context = typeof config.query_context === 'string' ? safeJson(config.query_context) : config.query_context;
  if (context && typeof context === 'object' && !Array.isArray(context)) {
    const next: Record<string, unknown> = {
      ...(context as Record<string, unknown>),
      datasource: { id: datasetId, type: 'table' },
    };
    const formData = next.form_data;
    if (formData && typeof formData === 'object') {
      next.form_data = {
        ...(formData as Record<string, unknown>),
        datasource: `${datasetId}__table`,
        slice_id: chartId,
      };
    }
    queryContext = JSON.stringify(next);
  }
  return { params: JSON.stringify(params), queryContext };
}

async function writeDatabases(
  trx: Trx,
  p: ImportPlan,
  secretKey: string,
  userId: number | null,
  summary: ImportSummary,
): Promise<Ids> {
  const dbIds = new Map(p.existing.database);
  for (const item of p.databasePlans) {
    summary.database[item.action] += 1;
    if (item.action === 'keep') continue;
    const { config } = item;
    const given = passwordOf(item.uri);
    let password: string | null = null;
    if (given !== null && given !== PASSWORD_MASK) password = encryptSecret(given, secretKey);
    else if (given === PASSWORD_MASK && item.existingId !== undefined) {
      const stored = await trx
        .selectFrom('dbs')
        .select('password')
        .where('id', '=', item.existingId)
        .executeTakeFirst();
      password = stored?.password ?? null;
    }
    const id = await upsertDatabase(
      trx,
      item.existingId,
      config.uuid,
      {
        database_name: config.database_name,
        sqlalchemy_uri: given === null ? item.uri : withPassword(item.uri, null),
        password,
        backend: item.engine,
        expose_in_sqllab: flag(config.expose_in_sqllab, true),
        allow_run_async: flag(config.allow_run_async),
        allow_dml: flag(config.allow_dml),
        allow_ctas: flag(config.allow_ctas),
        allow_cvas: flag(config.allow_cvas),
        allow_file_upload: flag(config.allow_file_upload ?? config.allow_csv_upload),
        disable_data_preview: 0,
        force_ctas_schema: null,
        cache_timeout: config.cache_timeout ?? null,
        extra: JSON.stringify(parseExtraObject(config.extra)),
      },
      userId,
    );
    dbIds.set(config.uuid, id);
  }
  return dbIds;
}

async function writeDatasets(
  trx: Trx,
  p: ImportPlan,
  dbIds: Ids,
  userId: number | null,
  summary: ImportSummary,
): Promise<Ids> {
  const datasetIds = new Map(p.existing.dataset);
  for (const item of p.datasetPlans) {
    summary.dataset[item.action] += 1;
    if (item.action === 'keep') continue;
    const { config } = item;
    const databaseId = dbIds.get(config.database_uuid);
    if (databaseId === undefined) throw new Error(`database ${config.database_uuid} vanished during the import`);
    const databaseName = p.nameOfDb.get(config.database_uuid) ?? '';
    const id = await upsertDataset(
      trx,
      item.existingId,
      config.uuid,
      databaseName,
      {
        table_name: config.table_name,
        schema: config.schema || null,
        catalog: config.catalog ?? null,
        database_id: databaseId,
        sql: config.sql?.trim() ? config.sql : null,
        is_sqllab_view: 0,
        main_dttm_col: config.main_dttm_col ?? null,
        description: config.description ?? null,
        default_endpoint: config.default_endpoint ?? null,
        offset: config.offset ?? 0,
        cache_timeout: config.cache_timeout ?? null,
        filter_select_enabled: flag(config.filter_select_enabled, true),
        fetch_values_predicate: config.fetch_values_predicate ?? null,
        extra: stringify(config.extra),
        template_params: stringify(config.template_params),
        normalize_columns: flag(config.normalize_columns),
        always_filter_main_dttm: flag(config.always_filter_main_dttm),
        is_managed_externally: 0,
        external_url: null,
        sensitive_columns: '[]',
      },
      {
        columns: config.columns.map((column) => ({
          column_name: column.column_name,
          verbose_name: column.verbose_name ?? null,
          is_dttm: flag(column.is_dttm),
          is_active: flag(column.is_active, true),
          type: column.type ?? null,
          advanced_data_type: column.advanced_data_type ?? null,
          groupby: flag(column.groupby, true),
          filterable: flag(column.filterable, true),
          expression: column.expression?.trim() ? column.expression : null,
          description: column.description ?? null,
          python_date_format: column.python_date_format ?? null,
          extra: stringify(column.extra),
        })),
        metrics: config.metrics.map((metric) => ({
          metric_name: metric.metric_name,
          verbose_name: metric.verbose_name ?? null,
          metric_type: metric.metric_type ?? null,
          expression: metric.expression,
          description: metric.description ?? null,
          d3format: metric.d3format ?? null,
          currency: stringify(metric.currency),
          warning_text: metric.warning_text ?? null,
          extra: stringify(metric.extra),
        })),
      },
      userId,
    );
    datasetIds.set(config.uuid, id);
  }
  return datasetIds;
}

async function writeCharts(
  trx: Trx,
  p: ImportPlan,
  datasetIds: Ids,
  userId: number | null,
  summary: ImportSummary,
): Promise<Ids> {
  const chartIds = new Map(p.existing.chart);
  for (const item of p.chartPlans) {
    summary.chart[item.action] += 1;
    if (item.action === 'keep') continue;
    const { config } = item;
    const datasetId = datasetIds.get(config.dataset_uuid);
    if (datasetId === undefined) throw new Error(`dataset ${config.dataset_uuid} vanished during the import`);
    const id = await upsertChart(
      trx,
      item.existingId,
      config.uuid,
      {
        slice_name: config.slice_name,
        viz_type: config.viz_type,
        datasource_id: datasetId,
        datasource_type: 'table',
        params: null,
        query_context: null,
        description: config.description ?? null,
        cache_timeout: config.cache_timeout ?? null,
        certified_by: config.certified_by ?? null,
        certification_details: config.certification_details ?? null,
      },
      userId,
    );
    const { params, queryContext } = chartParams(config, datasetId, id);
    await setChartParams(trx, id, params, queryContext);
    chartIds.set(config.uuid, id);
  }
  return chartIds;
}

async function writeDashboards(
  trx: Trx,
  p: ImportPlan,
  chartIds: Ids,
  datasetIds: Ids,
  userId: number | null,
  summary: ImportSummary,
): Promise<void> {
  for (const item of p.dashboardPlans) {
    summary.dashboard[item.action] += 1;
    if (item.action === 'keep') continue;
    const { config } = item;
    const position = structuredClone(config.position ?? {});
    const metadata = structuredClone(config.metadata ?? {});
    // Removed in Superset 3 (apache/superset#23228); the filter bar is always there.
    delete metadata.show_native_filters;
    toImportRefs(position, metadata, chartIds, datasetIds);
    const placed = layoutChartUuids(position)
      .map((uuid) => chartIds.get(uuid))
      .filter((id): id is number => id !== undefined);
    const dashboardId = await upsertDashboard(
      trx,
      item.existingId,
      config.uuid,
      {
        dashboard_title: config.dashboard_title ?? '',
        slug: config.slug || null,
        position_json: JSON.stringify(position),
        json_metadata: JSON.stringify(metadata),
        css: config.css ?? null,
        description: config.description ?? null,
        published: flag(config.published),
        certified_by: config.certified_by ?? null,
        certification_details: config.certification_details ?? null,
      },
      placed,
      userId,
    );
    // Superset 4 imports a dashboard's filter boxes as native filters (ImportDashboardsCommand, migrate_dashboard).
    await convertDashboardFilterBoxes(trx, dashboardId);
  }
}

async function writeSavedQueries(
  trx: Trx,
  p: ImportPlan,
  dbIds: Ids,
  userId: number | null,
  summary: ImportSummary,
): Promise<void> {
  for (const item of p.queryPlans) {
    summary.saved_query[item.action] += 1;
    if (item.action === 'keep') continue;
    const { config } = item;
    const databaseId = dbIds.get(config.database_uuid);
    if (databaseId === undefined) throw new Error(`database ${config.database_uuid} vanished during the import`);
    await upsertSavedQuery(
      trx,
      item.existingId,
      config.uuid,
      {
        db_id: databaseId,
        catalog: config.catalog ?? null,
        schema: config.schema ?? null,
        label: config.label ?? '',
        description: config.description ?? '',
        sql: config.sql,
        template_parameters: config.template_parameters ?? null,
      },
      userId,
    );
  }
}

/** Writes every planned file and counts what each kind did; a failure throws and the caller's transaction rolls back. */
export async function writePlan(
  trx: Trx,
  p: ImportPlan,
  secretKey: string,
  userId: number | null,
): Promise<ImportSummary> {
  const summary = emptySummary();
  const dbIds = await writeDatabases(trx, p, secretKey, userId, summary);
  const datasetIds = await writeDatasets(trx, p, dbIds, userId, summary);
  const chartIds = await writeCharts(trx, p, datasetIds, userId, summary);
  await writeDashboards(trx, p, chartIds, datasetIds, userId, summary);
  await writeSavedQueries(trx, p, dbIds, userId, summary);
  return summary;
}
