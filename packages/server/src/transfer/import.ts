// Imports a bundle: every file checked first (schema, version, passwords, references, overwrite, permissions), then
// everything written in one transaction, so a refused bundle leaves nothing behind.

import { type ImportActor, type ImportOptions, type ImportSummary, type ImportTarget, plan } from './import-plan.js';
import { writePlan } from './import-write.js';
import type { TransferKind } from './kinds.js';
import type { BundleFiles } from './zip-bundle.js';

export type { ImportActor, ImportOptions, ImportSummary, ImportTarget } from './import-plan.js';

/** Checks then writes the bundle in one transaction. `kind` is the route's (or `assets` for the CLI's whole bundle). */
export async function importBundle(
  target: ImportTarget,
  files: BundleFiles,
  kind: TransferKind | 'assets',
  options: ImportOptions,
  actor: ImportActor,
): Promise<ImportSummary> {
  const checked = await plan(target, files, kind, options, actor);
  return target.db.transaction().execute((trx) => writePlan(trx, checked, target.config.secretKey, actor.userId));
}
