// Builds an export bundle: the asked objects and everything they need (charts → datasets → databases), as YAML files.
import type { Kysely } from 'kysely';
import { PASSWORD_MASK, passwordOf, withPassword } from '../engines/uri.js';
import { columnsOf, metricsOf } from '../store/dataset-fields.js';
import type { MetadataSchema } from '../store/schema.js';
import { toExportRefs } from './dashboard-refs.js';
import { exportFileName } from './file-names.js';
import { BUNDLE_VERSION, KIND_INFO, type TransferKind } from './kinds.js';
import { chartFile, dashboardFile, databaseFile, datasetFile, jsonField, savedQueryFile } from './serialize.js';
import { TransferError } from './transfer-error.js';
import { toYaml } from './yaml-files.js';

export interface ExportSource {
  db: Kysely<MetadataSchema>;
  /** The stored URI with its password put back (the export masks it again). */
  connectionUri(row: { sqlalchemy_uri: string; password: string | null }): string;
}

export interface ExportBundle {
  /** The ZIP's root folder, e.g. `dashboard_export_20240101T120000`. */
  root: string;
  /** metadata.yaml first, then each object's file before the files it needs, as Superset writes them. */
  files: Array<[string, string]>;
}

const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Collects files once each; the newest changed_on becomes the bundle's timestamp, so unchanged objects re-export equal. */
class BundleBuilder {
  readonly files = new Map<string, string>();
  private readonly done = new Set<string>();
  newest = '1970-01-01T00:00:00.000Z';

  constructor(private readonly source: ExportSource) {}

  private claim(key: string, changedOn: string): boolean {
    if (this.done.has(key)) return false;
    this.done.add(key);
    if (changedOn > this.newest) this.newest = changedOn;
    return true;
  }

  async database(id: number): Promise<{ uuid: string; fileName: string }> {
    const row = await this.source.db.selectFrom('dbs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new TransferError(404, 'Database not found', {});
    const fileName = exportFileName(row.database_name, row.id, true);
    if (this.claim(`database:${id}`, row.changed_on)) {
      const full = this.source.connectionUri(row);
      const masked = passwordOf(full) === null ? full : withPassword(full, PASSWORD_MASK);
      this.files.set(`databases/${fileName}.yaml`, toYaml(databaseFile(row, masked)));
    }
    return { uuid: row.uuid, fileName };
  }

  async dataset(id: number): Promise<string> {
    const row = await this.source.db.selectFrom('tables').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new TransferError(404, 'Dataset not found', {});
    if (this.claim(`dataset:${id}`, row.changed_on)) {
      const dbRow = await this.source.db
        .selectFrom('dbs')
        .select(['database_name', 'id'])
        .where('id', '=', row.database_id)
        .executeTakeFirstOrThrow();
      const path = `datasets/${exportFileName(dbRow.database_name, dbRow.id, true)}/${exportFileName(row.table_name, row.id, true)}.yaml`;
      // A placeholder keeps Superset's order: the dataset's file before its database's.
      this.files.set(path, '');
      const database = await this.database(row.database_id);
      const [columns, metrics] = await Promise.all([columnsOf(this.source.db, [id]), metricsOf(this.source.db, [id])]);
      this.files.set(path, toYaml(datasetFile(row, columns.get(id) ?? [], metrics.get(id) ?? [], database.uuid)));
    }
    return row.uuid;
  }

  async chart(id: number): Promise<string> {
    const row = await this.source.db.selectFrom('slices').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new TransferError(404, 'Chart not found', {});
    if (this.claim(`chart:${id}`, row.changed_on)) {
      const path = `charts/${exportFileName(row.slice_name, row.id)}.yaml`;
      this.files.set(path, '');
      const datasetUuid =
        row.datasource_type === 'table' && row.datasource_id !== null ? await this.dataset(row.datasource_id) : null;
      this.files.set(path, toYaml(chartFile(row, datasetUuid)));
    }
    return row.uuid;
  }

  async dashboard(id: number): Promise<void> {
    const row = await this.source.db.selectFrom('dashboards').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new TransferError(404, 'Dashboard not found', {});
    if (!this.claim(`dashboard:${id}`, row.changed_on)) return;
    const path = `dashboards/${exportFileName(row.dashboard_title, row.id)}.yaml`;
    this.files.set(path, '');
    const position = asObject(jsonField(row.position_json));
    const metadata = asObject(jsonField(row.json_metadata));
    const linked = await this.source.db
      .selectFrom('dashboard_slices')
      .select('slice_id')
      .where('dashboard_id', '=', id)
      .orderBy('slice_id')
      .execute();
    const chartUuids = new Map<number, string>();
    for (const { slice_id } of linked) chartUuids.set(Number(slice_id), await this.chart(Number(slice_id)));
    const datasetUuids = new Map<number, string>();
    for (const filter of Array.isArray(metadata.native_filter_configuration)
      ? metadata.native_filter_configuration
      : []) {
      for (const target of Array.isArray(asObject(filter).targets) ? (asObject(filter).targets as unknown[]) : []) {
        const datasetId = asObject(target).datasetId;
        if (typeof datasetId !== 'number' || datasetUuids.has(datasetId)) continue;
        const exists = await this.source.db
          .selectFrom('tables')
          .select('id')
          .where('id', '=', datasetId)
          .executeTakeFirst();
        if (exists) datasetUuids.set(datasetId, await this.dataset(datasetId));
      }
    }
    toExportRefs(position, metadata, chartUuids, datasetUuids);
    this.files.set(path, toYaml(dashboardFile(row, position, metadata)));
  }

  async savedQuery(id: number): Promise<void> {
    const row = await this.source.db.selectFrom('saved_query').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new TransferError(404, 'Saved query not found', {});
    if (!this.claim(`saved_query:${id}`, row.changed_on) || row.db_id === null) return;
    const database = await this.database(row.db_id);
    const path = `queries/${database.fileName}/${exportFileName(row.label, row.id)}.yaml`;
    this.files.set(path, toYaml(savedQueryFile(row, database.uuid)));
  }

  async add(kind: TransferKind, id: number): Promise<void> {
    switch (kind) {
      case 'dashboard':
        return this.dashboard(id);
      case 'chart':
        await this.chart(id);
        return;
      case 'dataset':
        await this.dataset(id);
        return;
      case 'database':
        await this.database(id);
        return;
      case 'saved_query':
        return this.savedQuery(id);
    }
  }
}

/** `20240101T120000` of an ISO time, Superset's export folder suffix. */
function compactTime(iso: string): string {
  return iso
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z?$/, '')
    .replace(/Z$/, '')
    .slice(0, 15);
}

/**
 * Exports objects of one kind (`type` names it in metadata.yaml), or, for `assets`, a mixed list (the CLI's whole
 * installation, Superset's assets export). The timestamp is the newest change among the exported objects.
 */
export async function buildExport(
  source: ExportSource,
  items: ReadonlyArray<{ kind: TransferKind; id: number }>,
  type: TransferKind | 'assets',
): Promise<ExportBundle> {
  const builder = new BundleBuilder(source);
  for (const item of items) await builder.add(item.kind, item.id);
  const metadata = toYaml({
    version: BUNDLE_VERSION,
    type: type === 'assets' ? 'assets' : KIND_INFO[type].type,
    timestamp: builder.newest.replace(/Z$/, '+00:00'),
  });
  const prefix = type === 'assets' ? 'assets' : KIND_INFO[type].exportPrefix;
  return {
    root: `${prefix}_export_${compactTime(builder.newest)}`,
    files: [['metadata.yaml', metadata], ...builder.files],
  };
}
