// Embedded dashboard configurations of the metadata store: one per dashboard, named by a uuid the embedding SDK uses.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { MetadataSchema } from './schema.js';
import { nowIso } from './time.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

export interface EmbeddedRecord {
  uuid: string;
  dashboard_id: number;
  allowed_domains: string[];
  changed_on: string;
  changed_by_fk: number | null;
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
}

function domainsOf(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function base(db: Db) {
  return db
    .selectFrom('embedded_dashboards')
    .leftJoin('ab_user as changer', 'changer.id', 'embedded_dashboards.changed_by_fk')
    .select([
      'embedded_dashboards.uuid',
      'embedded_dashboards.dashboard_id',
      'embedded_dashboards.allowed_domains',
      'embedded_dashboards.changed_on',
      'embedded_dashboards.changed_by_fk',
      'changer.first_name as changed_by_first_name',
      'changer.last_name as changed_by_last_name',
    ]);
}

type BaseRow = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;
const record = (row: BaseRow): EmbeddedRecord => ({ ...row, allowed_domains: domainsOf(row.allowed_domains) });

export async function embeddedOfDashboard(db: Db, dashboardId: number): Promise<EmbeddedRecord | undefined> {
  const row = await base(db).where('embedded_dashboards.dashboard_id', '=', dashboardId).executeTakeFirst();
  return row && record(row);
}

export async function embeddedByUuid(db: Db, uuid: string): Promise<EmbeddedRecord | undefined> {
  const row = await base(db).where('embedded_dashboards.uuid', '=', uuid).executeTakeFirst();
  return row && record(row);
}

export async function embeddedByUuids(db: Db, uuids: readonly string[]): Promise<EmbeddedRecord[]> {
  if (uuids.length === 0) return [];
  return (
    await base(db)
      .where('embedded_dashboards.uuid', 'in', [...uuids])
      .execute()
  ).map(record);
}

/** Creates the configuration or changes its domains; the uuid, once given, stays (hosts keep it in their code). */
export async function upsertEmbedded(
  db: Kysely<MetadataSchema>,
  userId: number,
  dashboardId: number,
  domains: readonly string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const allowed = JSON.stringify(domains);
    const found = await trx
      .selectFrom('embedded_dashboards')
      .select('uuid')
      .where('dashboard_id', '=', dashboardId)
      .executeTakeFirst();
    if (found) {
      await trx
        .updateTable('embedded_dashboards')
        .set({ allowed_domains: allowed, changed_on: now, changed_by_fk: userId })
        .where('uuid', '=', found.uuid)
        .execute();
      return;
    }
    await trx
      .insertInto('embedded_dashboards')
      .values({
        uuid: randomUUID(),
        dashboard_id: dashboardId,
        allowed_domains: allowed,
        created_on: now,
        changed_on: now,
        created_by_fk: userId,
        changed_by_fk: userId,
      })
      .execute();
  });
}

export async function deleteEmbedded(db: Db, dashboardId: number): Promise<void> {
  await db.deleteFrom('embedded_dashboards').where('dashboard_id', '=', dashboardId).execute();
}
