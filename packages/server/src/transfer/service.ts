// Export and import for the API: the caller must see every object exported and may write only what they may write.
import type { AppContext } from '../app/context.js';
import { readDashboard } from '../dashboards/service.js';
import { requireDatabase } from '../databases/service.js';
import { readDataset } from '../datasets/service.js';
import { readChart } from '../saved-charts/service.js';
import { readSavedQuery } from '../saved-queries/service.js';
import { type AuthUser, userHasPermission, userIsAdmin } from '../security/current-user.js';
import { buildExport, type ExportBundle } from './export.js';
import { type ImportOptions, type ImportSummary, importBundle } from './import.js';
import type { TransferKind } from './kinds.js';
import { readZipBundle, writeZipBundle } from './zip-bundle.js';

/** Each read service answers 404 for an object the caller may not see, as the object's own GET does. */
async function assertVisible(ctx: AppContext, user: AuthUser, kind: TransferKind, id: number): Promise<void> {
  switch (kind) {
    case 'dashboard':
      await readDashboard(ctx, user, String(id));
      return;
    case 'chart':
      await readChart(ctx, user, id);
      return;
    case 'dataset':
      await readDataset(ctx, user, id);
      return;
    case 'database':
      await requireDatabase(ctx, user, id);
      return;
    case 'saved_query':
      await readSavedQuery(ctx, user, id);
      return;
  }
}

async function exportBundle(ctx: AppContext, kind: TransferKind, ids: readonly number[]): Promise<ExportBundle> {
  return buildExport(
    { db: ctx.store.db, connectionUri: (row) => ctx.connections.connectionUri(row) },
    ids.map((id) => ({ kind, id })),
    kind,
  );
}

export async function exportZip(
  ctx: AppContext,
  user: AuthUser,
  kind: TransferKind,
  ids: readonly number[],
): Promise<{ fileName: string; zip: Buffer }> {
  for (const id of new Set(ids)) await assertVisible(ctx, user, kind, id);
  const bundle = await exportBundle(ctx, kind, [...new Set(ids)]);
  return { fileName: `${bundle.root}.zip`, zip: writeZipBundle(bundle.root, bundle.files) };
}

export async function importZip(
  ctx: AppContext,
  user: AuthUser,
  kind: TransferKind,
  data: Buffer,
  options: ImportOptions,
): Promise<ImportSummary> {
  const files = readZipBundle(data);
  return importBundle({ db: ctx.store.db, config: ctx.config }, files, kind, options, {
    userId: user.id,
    canWrite: (view) => userHasPermission(user, 'can_write', view),
    isAdmin: userIsAdmin(user),
  });
}
