// The assistant's tools: each goes through the service a user's own request would reach, with its checks, so the
// assistant never sees or runs anything the user could not by hand. A refusal is an answer, not a crash.
import { randomBytes } from 'node:crypto';
import { buildQueryContext, CLIENT_ID_LENGTH, type QueryFormData } from '@nezha/core';
import { z } from 'zod';
import type { AppContext } from '../app/context.js';
import type { QueryPayload } from '../chart-data/chart-data-request.js';
import { chartData } from '../chart-data/chart-data-service.js';
import { engineOf, readableDataset } from '../datasets/lookup.js';
import { datasetDetail } from '../datasets/serialize.js';
import { listVisibleDatasets } from '../datasets/service.js';
import { NezhaError } from '../errors/nezha-error.js';
import { type AuthUser, userHasPermission } from '../security/current-user.js';
import { isDatasetOwner } from '../security/dataset-access.js';
import { listVisibleCohorts } from '../semantic/cohorts.js';
import { listVisibleMeasures } from '../semantic/measures.js';
import { datasetSavedColumns } from '../semantic/saved-columns.js';
import { executeSql } from '../sqllab/execute-service.js';
import type { ListOptions } from '../store/list.js';

/** Rows a tool hands back at most: enough to answer, little enough for a model's context. */
export const TOOL_ROW_LIMIT = 100;
const SEARCH_LIMIT = 200;

export interface ToolDefinition {
  name: string;
  description: string;
  /** JSON schema of the arguments, as both providers take it. */
  parameters: Record<string, unknown>;
}

export const TOOL_DEFINITIONS: ToolDefinition[] = [
  {
    name: 'search_data',
    description:
      'Search the datasets, columns, metrics, measures, cohorts and saved columns the user can access. ' +
      'An empty query lists them all.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'words to look for' } },
      required: ['query'],
    },
  },
  {
    name: 'describe_dataset',
    description:
      'Columns (with types), metrics and saved columns of one dataset, and the database and schema to query.',
    parameters: {
      type: 'object',
      properties: { dataset_id: { type: 'integer' } },
      required: ['dataset_id'],
    },
  },
  {
    name: 'run_sql',
    description: `Run one read-only SQL query in SQL Lab; returns at most ${TOOL_ROW_LIMIT} rows.`,
    parameters: {
      type: 'object',
      properties: {
        database_id: { type: 'integer' },
        schema: { type: 'string' },
        sql: { type: 'string' },
      },
      required: ['database_id', 'sql'],
    },
  },
  {
    name: 'build_chart',
    description:
      'Build a chart from Superset form data (datasource "<dataset id>__table", viz_type, metrics, x_axis, groupby, ' +
      'adhoc_filters, time_range) and return its data.',
    parameters: {
      type: 'object',
      properties: { form_data: { type: 'object' } },
      required: ['form_data'],
    },
  },
];

const searchArgs = z.object({ query: z.string().max(500) });
const describeArgs = z.object({ dataset_id: z.coerce.number().int().positive() });
const sqlArgs = z.object({
  database_id: z.coerce.number().int().positive(),
  schema: z.string().max(255).nullable().optional(),
  sql: z.string().min(1).max(100_000),
});
const chartArgs = z.object({ form_data: z.record(z.string(), z.unknown()) });

/** A tool's answer: what goes back to the model, and what the panel shows. */
export type ToolOutcome = { ok: true; content: unknown; part?: ResultPart | ChartPart } | { ok: false; error: string };

export interface ResultPart {
  type: 'result';
  sql: string;
  database_id: number;
  schema: string | null;
  columns: string[];
  rows: unknown[][];
  truncated: boolean;
}

export interface ChartPart {
  type: 'chart';
  form_data: Record<string, unknown>;
  columns: string[];
  data: Record<string, unknown>[];
  query: string;
}

/**
 * GET /api/v1/dataset/{id} as the user gets it: 404 for a dataset they may not reach, sensitive columns hidden from
 * everyone but its owners.
 */
export async function datasetView(ctx: AppContext, user: AuthUser, id: number) {
  const full = await readableDataset(ctx, user, id);
  const owners = full.owners.map((owner) => owner.id);
  return datasetDetail(full, engineOf(full).dialect, { showSensitive: isDatasetOwner(user, owners) });
}

const everything = (pageSize: number): ListOptions => ({
  filters: [],
  orderColumn: null,
  orderDirection: 'asc',
  page: 0,
  pageSize,
});

function matches(words: string[], ...texts: Array<string | null | undefined>): boolean {
  if (words.length === 0) return true;
  const hay = texts
    .filter((text): text is string => typeof text === 'string')
    .join(' ')
    .toLowerCase();
  return words.some((word) => hay.includes(word));
}

/** What a refusal says: the service's own message, never its stack. */
function refusal(error: unknown): string {
  if (error instanceof NezhaError) return error.message;
  if (error instanceof z.ZodError) {
    return `Bad arguments: ${error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`).join('; ')}`;
  }
  if (error instanceof Error && 'statusCode' in error) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

async function searchData(ctx: AppContext, user: AuthUser, args: z.infer<typeof searchArgs>) {
  const words = args.query.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  const datasets = await listVisibleDatasets(ctx, user, everything(SEARCH_LIMIT), { ownerIds: [] });
  const found: unknown[] = [];
  for (const id of datasets.ids) {
    const result = await datasetView(ctx, user, id);
    const columns = result.columns.filter((c) => matches(words, c.column_name, c.verbose_name, c.description));
    const metrics = result.metrics.filter((m) => matches(words, m.metric_name, m.verbose_name, m.description));
    const saved = (await datasetSavedColumns(ctx, user, id)).result.filter((s) =>
      matches(words, s.column_name, s.description),
    );
    const hit = matches(words, result.table_name, result.description, result.schema);
    if (!hit && columns.length === 0 && metrics.length === 0 && saved.length === 0) continue;
    found.push({
      kind: 'dataset',
      id,
      name: result.table_name,
      schema: result.schema,
      database_id: result.database.id,
      description: result.description,
      columns: columns.map((c) => c.column_name),
      metrics: metrics.map((m) => m.metric_name),
      saved_columns: saved.map((s) => s.column_name),
    });
  }
  const measures = await listVisibleMeasures(ctx, user, everything(SEARCH_LIMIT), { ownerIds: [], tags: [] });
  for (const measure of measures.result) {
    if (!matches(words, String(measure.measure_name), String(measure.description ?? ''))) continue;
    found.push({ kind: 'measure', id: measure.id, name: measure.measure_name, dataset_id: measure.datasource_id });
  }
  const cohorts = await listVisibleCohorts(ctx, user, everything(SEARCH_LIMIT), { ownerIds: [], tags: [] });
  for (const cohort of cohorts.result) {
    if (!matches(words, String(cohort.cohort_name), String(cohort.description ?? ''))) continue;
    found.push({ kind: 'cohort', id: cohort.id, name: cohort.cohort_name, dataset_id: cohort.datasource_id });
  }
  return found;
}

async function describeDataset(ctx: AppContext, user: AuthUser, args: z.infer<typeof describeArgs>) {
  // readDataset answers 404 for a dataset the user may not reach and hides sensitive columns from non-owners.
  const result = await datasetView(ctx, user, args.dataset_id);
  const saved = await datasetSavedColumns(ctx, user, args.dataset_id);
  return {
    id: args.dataset_id,
    name: result.table_name,
    database_id: result.database.id,
    schema: result.schema,
    sql: result.sql,
    main_dttm_col: result.main_dttm_col,
    columns: result.columns.map((c) => ({
      name: c.column_name,
      verbose_name: c.verbose_name,
      type: c.type,
      is_dttm: c.is_dttm,
      groupby: c.groupby,
    })),
    metrics: result.metrics.map((m) => ({
      name: m.metric_name,
      verbose_name: m.verbose_name,
      expression: m.expression,
    })),
    saved_columns: saved.result.map((s) => ({ name: s.column_name, expression: s.expression })),
  };
}

function newClientId(): string {
  return randomBytes(16)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, CLIENT_ID_LENGTH);
}

async function bodyText(body: string | NodeJS.ReadableStream): Promise<string> {
  if (typeof body === 'string') return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** Through SQL Lab's execute path: its database and schema access, guards, row rules, limit and timeout. */
async function runSql(ctx: AppContext, user: AuthUser, args: z.infer<typeof sqlArgs>): Promise<ResultPart> {
  if (!userHasPermission(user, 'can_execute_sql_query', 'SQLLab')) {
    throw new NezhaError({ type: 'GENERIC_BACKEND_ERROR', status: 403, message: 'You may not run SQL in SQL Lab.' });
  }
  const outcome = await executeSql(
    ctx,
    user,
    {
      client_id: newClientId(),
      database_id: args.database_id,
      sql: args.sql,
      schema: args.schema ?? null,
      runAsync: false,
      queryLimit: TOOL_ROW_LIMIT,
      tab: 'Assistant',
    },
    {},
    'json',
    { readOnly: true },
  );
  const payload = JSON.parse(await bodyText(outcome.body)) as {
    data?: Array<Record<string, unknown>>;
    columns?: Array<{ column_name?: string; name?: string }>;
    query?: { limitingFactor?: string };
  };
  const columns = (payload.columns ?? []).map((c) => c.column_name ?? c.name ?? '');
  const data = payload.data ?? [];
  return {
    type: 'result',
    sql: args.sql,
    database_id: args.database_id,
    schema: args.schema ?? null,
    columns,
    rows: data.slice(0, TOOL_ROW_LIMIT).map((row) => columns.map((column) => row[column] ?? null)),
    truncated: data.length >= TOOL_ROW_LIMIT,
  };
}

/** Through the chart data pipeline: dataset access, row-level security, the chart cache and its timeout. */
export async function buildChart(
  ctx: AppContext,
  user: AuthUser,
  formData: Record<string, unknown>,
  resultType: 'full' | 'query' = 'full',
): Promise<{ payload: QueryPayload; context: ReturnType<typeof buildQueryContext> }> {
  if (!userHasPermission(user, 'can_read', 'Chart')) {
    throw new NezhaError({ type: 'GENERIC_BACKEND_ERROR', status: 403, message: 'You may not read charts.' });
  }
  const context = buildQueryContext(formData as QueryFormData);
  const answer = await chartData(ctx, user, {
    request: {
      datasource: { id: context.datasource.id, type: context.datasource.type },
      queries: context.queries,
      form_data: formData,
      result_format: 'json',
      result_type: resultType,
      force: false,
    },
    force: false,
  });
  if (answer.kind !== 'json') throw new Error('The chart data answer is not JSON.');
  const payload = answer.body.result[0] as QueryPayload | undefined;
  if (!payload) throw new Error('The chart has no query.');
  return { payload, context };
}

async function chartTool(ctx: AppContext, user: AuthUser, args: z.infer<typeof chartArgs>): Promise<ChartPart> {
  const { payload } = await buildChart(ctx, user, args.form_data);
  return {
    type: 'chart',
    form_data: args.form_data,
    columns: payload.colnames,
    data: payload.data.slice(0, TOOL_ROW_LIMIT) as Record<string, unknown>[],
    query: payload.query,
  };
}

/** Runs a tool the model asked for; bad arguments and refusals come back as `{ok: false, error}`. */
export async function runTool(ctx: AppContext, user: AuthUser, name: string, rawArgs: unknown): Promise<ToolOutcome> {
  try {
    switch (name) {
      case 'search_data':
        return { ok: true, content: await searchData(ctx, user, searchArgs.parse(rawArgs)) };
      case 'describe_dataset':
        return { ok: true, content: await describeDataset(ctx, user, describeArgs.parse(rawArgs)) };
      case 'run_sql': {
        const part = await runSql(ctx, user, sqlArgs.parse(rawArgs));
        return { ok: true, content: { columns: part.columns, rows: part.rows, truncated: part.truncated }, part };
      }
      case 'build_chart': {
        const part = await chartTool(ctx, user, chartArgs.parse(rawArgs));
        return { ok: true, content: { columns: part.columns, data: part.data }, part };
      }
      default:
        return { ok: false, error: `There is no tool named "${name}".` };
    }
  } catch (error) {
    return { ok: false, error: refusal(error) };
  }
}
