// Who may see a chart (access to its dataset) and who may change it (its owners and admins).

import type { AppContext } from '../app/context.js';
import { HttpError, NezhaError } from '../errors/nezha-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { type AuthUser, userIsAdmin } from '../security/current-user.js';
import { hasAllDatabaseAccess } from '../security/data-access.js';
import { canAccessDataset } from '../security/dataset-access.js';
import { type ChartRecord, getChart } from '../store/charts.js';
import type { OwnerRecord } from '../store/dataset-fields.js';
import { type DatasetFull, getDatasetFull } from '../store/datasets.js';
import { LINKS, linkedOwners } from '../store/links.js';

export interface LoadedChart {
  chart: ChartRecord;
  owners: OwnerRecord[];
  /** Undefined when the chart's dataset is gone (or is not a table). */
  dataset: DatasetFull | undefined;
}

/** Superset's "Forbidden" on save, in the spec's words (§6, §8). */
export function forbiddenEdit(what: string): NezhaError {
  return new NezhaError({
    type: 'MISSING_OWNERSHIP_ERROR',
    status: 403,
    message: `You do not have permission to edit this ${what}`,
  });
}

export function isOwnerOrAdmin(user: AuthUser, owners: readonly { id: number }[]): boolean {
  return userIsAdmin(user) || owners.some((owner) => owner.id === user.id);
}

async function datasetOf(ctx: AppContext, chart: ChartRecord): Promise<DatasetFull | undefined> {
  if (chart.datasource_type !== 'table' || chart.datasource_id === null) return undefined;
  return getDatasetFull(ctx.store.db, chart.datasource_id);
}

/** A chart whose dataset the caller may reach; otherwise 404, so that its existence does not leak. */
export async function visibleChart(ctx: AppContext, user: AuthUser, id: number): Promise<LoadedChart> {
  const chart = await getChart(ctx.store.db, id);
  if (!chart) throw new HttpError(404, 'Not found');
  const dataset = await datasetOf(ctx, chart);
  const visible = dataset
    ? canAccessDataset(
        user,
        dataset.dataset,
        dataset.owners.map((owner) => owner.id),
      )
    : hasAllDatabaseAccess(user);
  if (!visible) throw new HttpError(404, 'Not found');
  const owners = (await linkedOwners(ctx.store.db, LINKS.sliceOwners, [id])).get(id) ?? [];
  return { chart, owners, dataset };
}

/** A chart the caller may change: visible, and owned by the caller unless they are an admin. */
export async function ownedChart(ctx: AppContext, user: AuthUser, id: number): Promise<LoadedChart> {
  const loaded = await visibleChart(ctx, user, id);
  if (!isOwnerOrAdmin(user, loaded.owners)) throw forbiddenEdit('chart');
  return loaded;
}

/**
 * The dataset a chart is saved on: missing is a 422 on the field (Superset's "Datasource does not exist"),
 * present but refused is the catalogue's 403.
 */
export async function datasourceForSave(
  ctx: AppContext,
  user: AuthUser,
  datasourceId: number,
  datasourceType: string,
): Promise<DatasetFull> {
  if (datasourceType !== 'table') {
    throw new ValidationError({ datasource_type: ['Only "table" datasources can hold charts.'] }, 422);
  }
  const full = await getDatasetFull(ctx.store.db, datasourceId);
  if (!full) throw new ValidationError({ datasource_id: ['Datasource does not exist'] }, 422);
  if (
    !canAccessDataset(
      user,
      full.dataset,
      full.owners.map((owner) => owner.id),
    )
  ) {
    throw new NezhaError({
      type: 'DATASOURCE_SECURITY_ACCESS_ERROR',
      status: 403,
      message: `This endpoint requires the datasource ${full.dataset.table_name}, database or \`all_datasource_access\` permission`,
      extra: { datasource: full.dataset.id },
    });
  }
  return full;
}
