// Checks an import bundle before anything is written: every file parsed against its schema, versions, passwords,
// references, uniqueness, overwrite rights and permissions; one 422 (or 403) lists every problem by file.
import type { Kysely } from 'kysely';
import type { ZodType } from 'zod';
import type { NezhaConfig } from '../config/config.js';
import { assertSafeConnection, isExamplesDatabase } from '../databases/connection-safety.js';
import { virtualStatement } from '../datasets/virtual-sql.js';
import { engineForUri } from '../engines/registry.js';
import type { EngineName } from '../engines/types.js';
import { PASSWORD_MASK, passwordOf, withPassword } from '../engines/uri.js';
import { isNezhaError } from '../errors/nezha-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { EXAMPLES_URI } from '../examples/register.js';
import { customSqlProblem } from '../sql/custom-sql-guard.js';
import { findDatasetByName } from '../store/datasets.js';
import { idsByUuid, ownsImported } from '../store/imports.js';
import type { MetadataSchema } from '../store/schema.js';
import { layoutChartUuids, nativeFilterDatasetUuids } from './dashboard-refs.js';
import {
  type ChartConfig,
  chartSchema,
  type DashboardConfig,
  type DatabaseConfig,
  type DatasetConfig,
  dashboardSchema,
  databaseSchema,
  datasetSchema,
  fieldProblems,
  metadataSchema,
  type SavedQueryConfig,
  savedQuerySchema,
} from './import-schemas.js';
import { IMPORTED_WITH, KIND_INFO, TRANSFER_KINDS, type TransferKind } from './kinds.js';
import { type FileProblems, TransferError } from './transfer-error.js';
import { parseYamlFile } from './yaml-files.js';
import type { BundleFiles } from './zip-bundle.js';

export interface ImportTarget {
  db: Kysely<MetadataSchema>;
  config: NezhaConfig;
}

export interface ImportActor {
  userId: number | null;
  /** Whether the importer may create or overwrite objects of a permission view (Dashboard, Chart, …). */
  canWrite(view: string): boolean;
  /** Admins overwrite anything but others' saved queries; others only objects they own, as with a PUT. */
  isAdmin: boolean;
}

const TABLE_OF: Record<TransferKind, 'dbs' | 'tables' | 'slices' | 'dashboards' | 'saved_query'> = {
  database: 'dbs',
  dataset: 'tables',
  chart: 'slices',
  dashboard: 'dashboards',
  saved_query: 'saved_query',
};

export interface ImportOptions {
  overwrite: boolean;
  /** Bundle file path of a database → its password (the export masks them). */
  passwords: Record<string, string>;
}

export type Action = 'create' | 'update' | 'keep';
export type ImportSummary = Record<TransferKind, Record<Action, number>>;

export interface Planned<C> {
  file: string;
  config: C;
  existingId: number | undefined;
  action: Action;
}

const SCHEMAS: Record<TransferKind, ZodType> = {
  database: databaseSchema,
  dataset: datasetSchema,
  chart: chartSchema,
  dashboard: dashboardSchema,
  saved_query: savedQuerySchema,
};

/** The checks of metadata.yaml: present, version 1.0.0, the kind the route imports (Superset's load_metadata). */
function checkMetadata(files: BundleFiles, kind: TransferKind | 'assets'): void {
  const text = files.get('metadata.yaml');
  if (text === undefined) {
    throw new TransferError(422, 'Not an export bundle: metadata.yaml is missing', {
      'metadata.yaml': 'Missing metadata.yaml: this ZIP is not an export of Superset or Nezha',
    });
  }
  const parsed = metadataSchema.safeParse(parseYamlFile('metadata.yaml', text), { reportInput: true });
  if (!parsed.success) {
    throw new TransferError(422, 'Unsupported export: metadata.yaml is not version 1.0.0', {
      'metadata.yaml': fieldProblems(parsed.error),
    });
  }
  const type = parsed.data.type;
  if (kind !== 'assets' && type !== undefined && type !== KIND_INFO[kind].type) {
    throw new TransferError(422, `Error importing ${KIND_INFO[kind].title.toLowerCase()}`, {
      'metadata.yaml': { type: [`Must be equal to ${KIND_INFO[kind].type}.`] },
    });
  }
}

function kindOfFile(path: string): TransferKind | undefined {
  return TRANSFER_KINDS.find((kind) => path.startsWith(KIND_INFO[kind].folder));
}

/** Every file of the kinds this import takes, parsed and checked against its schema. */
function loadConfigs(
  files: BundleFiles,
  kinds: readonly TransferKind[],
  problems: FileProblems,
): Map<TransferKind, Array<{ file: string; config: unknown }>> {
  const configs = new Map<TransferKind, Array<{ file: string; config: unknown }>>(kinds.map((k) => [k, []]));
  for (const [file, text] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const kind = kindOfFile(file);
    if (!kind || !kinds.includes(kind)) continue;
    try {
      const parsed = SCHEMAS[kind].safeParse(parseYamlFile(file, text), { reportInput: true });
      if (parsed.success) configs.get(kind)?.push({ file, config: parsed.data });
      else problems[file] = fieldProblems(parsed.error);
    } catch (error) {
      if (error instanceof TransferError) Object.assign(problems, error.problems);
      else throw error;
    }
  }
  return configs;
}

function fieldMessage(error: unknown): string | undefined {
  if (error instanceof ValidationError) {
    return Object.values(error.fields).flat().join(' ');
  }
  if (isNezhaError(error)) return error.message;
  return undefined;
}

/** Checks the bundle and returns what each file will do; throws one 422 listing every problem by file. */
export async function plan(
  target: ImportTarget,
  files: BundleFiles,
  kind: TransferKind | 'assets',
  options: ImportOptions,
  actor: ImportActor,
) {
  checkMetadata(files, kind);
  const kinds = kind === 'assets' ? TRANSFER_KINDS : IMPORTED_WITH[kind];
  const problems: FileProblems = {};
  const configs = loadConfigs(files, kinds, problems);
  const list = <C>(k: TransferKind) => (configs.get(k) ?? []) as Array<{ file: string; config: C }>;
  const databases = list<DatabaseConfig>('database');
  const datasets = list<DatasetConfig>('dataset');
  const charts = list<ChartConfig>('chart');
  const dashboards = list<DashboardConfig>('dashboard');
  const queries = list<SavedQueryConfig>('saved_query');

  const db = target.db;
  checkUniqueInBundle(configs, problems);
  const existing = {
    database: await idsByUuid(
      db,
      'dbs',
      databases.map((d) => d.config.uuid),
    ),
    dataset: await idsByUuid(db, 'tables', [
      ...datasets.map((d) => d.config.uuid),
      ...charts.map((c) => c.config.dataset_uuid),
      ...dashboards.flatMap((d) => nativeFilterDatasetUuids(d.config.metadata ?? {})),
    ]),
    chart: await idsByUuid(db, 'slices', [
      ...charts.map((c) => c.config.uuid),
      ...dashboards.flatMap((d) => layoutChartUuids(d.config.position ?? {})),
    ]),
    dashboard: await idsByUuid(
      db,
      'dashboards',
      dashboards.map((d) => d.config.uuid),
    ),
    saved_query: await idsByUuid(
      db,
      'saved_query',
      queries.map((q) => q.config.uuid),
    ),
  };
  const referencedDbs = await idsByUuid(db, 'dbs', [
    ...datasets.map((d) => d.config.database_uuid),
    ...queries.map((q) => q.config.database_uuid),
  ]);

  /** Superset overwrites only the objects of the kind imported; the assets import (CLI) overwrites them all. */
  const overwrites = (k: TransferKind) => kind === 'assets' || (k === kind && options.overwrite);
  const decide = <C extends { uuid: string }>(k: TransferKind, item: { file: string; config: C }): Planned<C> => {
    const existingId = existing[k].get(item.config.uuid);
    if (existingId === undefined) return { ...item, existingId, action: 'create' };
    if (overwrites(k)) return { ...item, existingId, action: 'update' };
    if (k === kind) {
      problems[item.file] = `${KIND_INFO[k].title} already exists and \`overwrite=true\` was not passed`;
    }
    return { ...item, existingId, action: 'keep' };
  };

  // Databases: the examples database is each server's own; passwords come from the request or the stored row.
  const databasePlans: Array<Planned<DatabaseConfig> & { uri: string; engine: EngineName }> = [];
  const engineOfDb = new Map<string, EngineName>();
  const nameOfDb = new Map<string, string>();
  for (const item of databases) {
    const { config, file } = item;
    if (config.sqlalchemy_uri === EXAMPLES_URI) {
      const local = await db.selectFrom('dbs').selectAll().where('sqlalchemy_uri', '=', EXAMPLES_URI).execute();
      const examples = local.find((row) => isExamplesDatabase(row));
      if (!examples) {
        problems[file] = 'The examples database is not loaded on this server (run `nezha load-examples` first)';
        continue;
      }
      existing.database.set(config.uuid, examples.id);
      engineOfDb.set(config.uuid, 'duckdb');
      nameOfDb.set(config.uuid, examples.database_name);
      databasePlans.push({ ...item, existingId: examples.id, action: 'keep', uri: EXAMPLES_URI, engine: 'duckdb' });
      continue;
    }
    const planned = decide('database', item);
    let uri = config.sqlalchemy_uri;
    let engine: EngineName;
    try {
      engine = engineForUri(uri).name;
    } catch (error) {
      problems[file] = { sqlalchemy_uri: [fieldMessage(error) ?? 'Unknown database engine'] };
      continue;
    }
    engineOfDb.set(config.uuid, engine);
    nameOfDb.set(config.uuid, config.database_name);
    if (planned.action !== 'keep') {
      const given = options.passwords[file] ?? config.password ?? undefined;
      if (passwordOf(uri) === PASSWORD_MASK) {
        if (given) uri = withPassword(uri, given);
        else if (planned.existingId === undefined) {
          problems[file] = { _schema: ['Must provide a password for the database'] };
          continue;
        }
      } else if (given) uri = withPassword(uri, given);
      try {
        assertSafeConnection(target.config, uri, parseExtraObject(config.extra));
      } catch (error) {
        problems[file] = { sqlalchemy_uri: [fieldMessage(error) ?? 'Unsafe connection'] };
        continue;
      }
      const clash = await db
        .selectFrom('dbs')
        .select(['id', 'uuid'])
        .where('database_name', '=', config.database_name)
        .executeTakeFirst();
      if (clash && clash.uuid !== config.uuid) {
        problems[file] = {
          database_name: [`A database named ${config.database_name} already exists on this server (another uuid)`],
        };
        continue;
      }
    }
    databasePlans.push({ ...planned, uri, engine });
  }
  for (const [uuid, id] of referencedDbs) {
    if (engineOfDb.has(uuid)) continue;
    const row = await db.selectFrom('dbs').select(['backend', 'database_name']).where('id', '=', id).executeTakeFirst();
    if (row) {
      engineOfDb.set(uuid, row.backend as EngineName);
      nameOfDb.set(uuid, row.database_name);
      existing.database.set(uuid, id);
    }
  }
  const bundleDbs = new Set(databases.map((d) => d.config.uuid));
  const haveDb = (uuid: string) => bundleDbs.has(uuid) || existing.database.has(uuid);
  const missing = (what: string, uuid: string) =>
    `${what} ${uuid} is not in the bundle and does not exist on this server`;

  const datasetPlans: Array<Planned<DatasetConfig>> = [];
  for (const item of datasets) {
    const { config, file } = item;
    if (!haveDb(config.database_uuid)) {
      problems[file] = { database_uuid: [missing('Database', config.database_uuid)] };
      continue;
    }
    const planned = decide('dataset', item);
    if (planned.action !== 'keep') {
      const engine = engineOfDb.get(config.database_uuid) ?? 'duckdb';
      const dbId = existing.database.get(config.database_uuid);
      const sql = config.sql?.trim() ? config.sql : null;
      if (dbId !== undefined) {
        const clash = await findDatasetByName(db, {
          database_id: dbId,
          catalog: config.catalog ?? null,
          schema: config.schema || null,
          table_name: config.table_name,
        });
        if (clash && clash.uuid !== config.uuid && (sql === null) === (clash.sql === null)) {
          problems[file] = {
            table_name: [`Dataset ${config.table_name} already exists on this server (another uuid)`],
          };
          continue;
        }
      }
      const sqlProblems = datasetSqlProblems(config, sql, engine);
      if (sqlProblems) {
        problems[file] = sqlProblems;
        continue;
      }
    }
    datasetPlans.push(planned);
  }
  const bundleDatasets = new Set(datasets.map((d) => d.config.uuid));
  const chartPlans: Array<Planned<ChartConfig>> = [];
  for (const item of charts) {
    const { config, file } = item;
    if (!bundleDatasets.has(config.dataset_uuid) && !existing.dataset.has(config.dataset_uuid)) {
      problems[file] = { dataset_uuid: [missing('Dataset', config.dataset_uuid)] };
      continue;
    }
    chartPlans.push(decide('chart', item));
  }
  const dashboardPlans = dashboards.map((item) => decide('dashboard', item));
  const queryPlans: Array<Planned<SavedQueryConfig>> = [];
  for (const item of queries) {
    if (!haveDb(item.config.database_uuid)) {
      problems[item.file] = { database_uuid: [missing('Database', item.config.database_uuid)] };
      continue;
    }
    queryPlans.push(decide('saved_query', item));
  }

  const title = kind === 'assets' ? 'assets' : KIND_INFO[kind].title.toLowerCase();
  if (Object.keys(problems).length > 0) throw new TransferError(422, `Error importing ${title}`, problems);

  const forbidden: FileProblems = {};
  const needWrite = async (
    k: TransferKind,
    plans: ReadonlyArray<{ file: string; action: Action; existingId: number | undefined }>,
  ) => {
    for (const p of plans) {
      if (p.action === 'keep') continue;
      if (!actor.canWrite(KIND_INFO[k].view)) {
        forbidden[p.file] = `Importing it needs can_write on ${KIND_INFO[k].view}`;
      } else if (p.action === 'update' && (!actor.isAdmin || k === 'saved_query')) {
        // Saved queries are their author's alone, admins included (Superset's SavedQueryFilter).
        const owned =
          actor.userId !== null &&
          p.existingId !== undefined &&
          (await ownsImported(db, TABLE_OF[k], p.existingId, actor.userId));
        if (!owned) forbidden[p.file] = `${KIND_INFO[k].title} already exists and only its owners may overwrite it`;
      }
    }
  };
  await needWrite('database', databasePlans);
  await needWrite('dataset', datasetPlans);
  await needWrite('chart', chartPlans);
  await needWrite('dashboard', dashboardPlans);
  await needWrite('saved_query', queryPlans);
  if (Object.keys(forbidden).length > 0) {
    throw new TransferError(403, `Error importing ${title}: not allowed`, forbidden);
  }
  return { databasePlans, datasetPlans, chartPlans, dashboardPlans, queryPlans, existing, nameOfDb };
}

/**
 * What the store keeps unique, checked across the bundle before writing: one file per uuid, one database per name,
 * one physical dataset per table, one column and one metric per name in a dataset.
 */
function checkUniqueInBundle(
  configs: Map<TransferKind, Array<{ file: string; config: unknown }>>,
  problems: FileProblems,
): void {
  for (const [, items] of configs) {
    const seen = new Map<string, string>();
    for (const { file, config } of items) {
      const uuid = (config as { uuid: string }).uuid;
      const first = seen.get(uuid);
      if (first) problems[file] = { uuid: [`The uuid ${uuid} is also the one of ${first}`] };
      else seen.set(uuid, file);
    }
  }
  const names = new Map<string, string>();
  for (const { file, config } of configs.get('database') ?? []) {
    const name = (config as DatabaseConfig).database_name;
    const first = names.get(name);
    if (first) problems[file] = { database_name: [`The database name ${name} is also the one of ${first}`] };
    else names.set(name, file);
  }
  const tables = new Map<string, string>();
  for (const { file, config } of configs.get('dataset') ?? []) {
    const dataset = config as DatasetConfig;
    const duplicates = (values: string[]) => values.filter((value, index) => values.indexOf(value) !== index);
    const columns = duplicates(dataset.columns.map((column) => column.column_name));
    const metrics = duplicates(dataset.metrics.map((metric) => metric.metric_name));
    if (columns.length > 0 || metrics.length > 0) {
      problems[file] = {
        ...(columns.length > 0 ? { columns: [`Duplicate column names: ${[...new Set(columns)].join(', ')}`] } : {}),
        ...(metrics.length > 0 ? { metrics: [`Duplicate metric names: ${[...new Set(metrics)].join(', ')}`] } : {}),
      };
    }
    if (dataset.sql?.trim()) continue;
    const key = JSON.stringify([
      dataset.database_uuid,
      dataset.catalog ?? '',
      dataset.schema ?? '',
      dataset.table_name,
    ]);
    const first = tables.get(key);
    if (first) problems[file] = { table_name: [`The table ${dataset.table_name} is also the one of ${first}`] };
    else tables.set(key, file);
  }
}

export function parseExtraObject(extra: unknown): Record<string, unknown> {
  const value = typeof extra === 'string' ? safeJson(extra) : extra;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A virtual dataset runs one read-only query; calculated columns and metrics follow the custom SQL rule. */
function datasetSqlProblems(
  config: DatasetConfig,
  sql: string | null,
  engine: EngineName,
): Record<string, string[]> | undefined {
  const found: Record<string, string[]> = {};
  if (sql !== null) {
    try {
      virtualStatement(sql, { engine, templating: false, templateParams: null, user: null });
    } catch (error) {
      found.sql = [fieldMessage(error) ?? 'Invalid SQL'];
    }
  }
  const check = (field: string, expression: string | null | undefined) => {
    if (!expression?.trim()) return;
    const problem = customSqlProblem(expression, engine);
    if (problem && problem.kind !== 'sensitive') found[field] = [problem.message];
  };
  for (const [index, column] of config.columns.entries()) check(`columns.${index}.expression`, column.expression);
  for (const [index, metric] of config.metrics.entries()) check(`metrics.${index}.expression`, metric.expression);
  return Object.keys(found).length > 0 ? found : undefined;
}

/** What `plan` found: each file's action, the ids already on this server by uuid, database names by uuid. */
export type ImportPlan = Awaited<ReturnType<typeof plan>>;
