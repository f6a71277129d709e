// Who may see a measure or cohort (access to its dataset), change it (its owners and admins), and add to a dataset.
import type { AppContext } from '../app/context.js';
import { HttpError } from '../errors/nezha-error.js';
import { forbiddenEdit, isOwnerOrAdmin } from '../saved-charts/access.js';
import type { AuthUser } from '../security/current-user.js';
import { hasAllDatabaseAccess } from '../security/data-access.js';
import { assertDatasetOwnership, canAccessDataset } from '../security/dataset-access.js';
import type { OwnerRecord } from '../store/dataset-fields.js';
import { type DatasetFull, getDatasetFull } from '../store/datasets.js';

/** The dataset a semantic entity hangs off, or a 404 when the caller may not reach it (nothing leaks). */
export async function visibleDatasource(
  ctx: AppContext,
  user: AuthUser,
  datasourceType: string,
  datasourceId: number,
): Promise<DatasetFull | undefined> {
  const full = datasourceType === 'table' ? await getDatasetFull(ctx.store.db, datasourceId) : undefined;
  const visible = full
    ? canAccessDataset(
        user,
        full.dataset,
        full.owners.map((owner) => owner.id),
      )
    : hasAllDatabaseAccess(user);
  if (!visible) throw new HttpError(404, 'Not found');
  return full;
}

/**
 * Saved columns, measures and cohorts change what a dataset offers every chart on it, so adding or editing one is
 * altering the dataset: Superset's raise_for_ownership, its owners and admins only. Reading it is enough to use them.
 */
export function assertCanExtendDataset(user: AuthUser, full: DatasetFull): void {
  assertDatasetOwnership(
    user,
    full.owners.map((owner) => owner.id),
    full.dataset.table_name,
  );
}

export function assertOwner(user: AuthUser, owners: readonly OwnerRecord[], what: string): void {
  if (!isOwnerOrAdmin(user, owners)) throw forbiddenEdit(what);
}

/** A JSON list of names kept as text in the store. */
export function parseNameList(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
