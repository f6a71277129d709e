// The dataset editor's run-to-check: the columns the source would give (a table's, or a virtual SQL's), unsaved.
import type { AppContext } from '../app/context.js';
import type { AuthUser } from '../security/current-user.js';
import { assertDatasetOwnership } from '../security/dataset-access.js';
import { databaseOfDataset, readableDataset, sourceColumns } from './lookup.js';
import { normalizeSql } from './virtual-sql.js';

export interface SourceCheckInput {
  sql?: string | null | undefined;
  template_params?: string | null | undefined;
}

/**
 * Runs the SQL the editor holds (not the stored one) under the same rule a save applies: one read-only
 * statement, one row at most. Owners only, as the edit itself; nothing is stored.
 */
export async function checkDatasetSource(ctx: AppContext, user: AuthUser, id: number, input: SourceCheckInput) {
  const full = await readableDataset(ctx, user, id);
  assertDatasetOwnership(
    user,
    full.owners.map((owner) => owner.id),
    full.dataset.table_name,
  );
  const database = await databaseOfDataset(ctx, full);
  const source = {
    ...full.dataset,
    sql: input.sql === undefined ? full.dataset.sql : normalizeSql(input.sql),
    template_params: input.template_params === undefined ? full.dataset.template_params : input.template_params,
  };
  const columns = await sourceColumns(ctx, user, database, source);
  return {
    result: columns.map((column) => ({
      column_name: column.column_name,
      type: column.type,
      is_dttm: column.genericType === 'temporal',
    })),
  };
}
