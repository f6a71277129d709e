// Superset 4 dropped the filter-box chart and converted every stored dashboard's filter boxes to native filters in
// a migration of its own (214f580d09c9). Dashboards stored before Nezha converted on import (ones imported from older
// Superset exports) are converted the same way here, once, so none keeps a box it can no longer draw.
import type { Kysely } from 'kysely';
import { convertDashboardFilterBoxes } from '../filter-boxes.js';
import type { MetadataSchema } from '../schema.js';

export async function up(untyped: Kysely<unknown>): Promise<void> {
  // Only dashboards, slices and dashboard_slices are read and written, all three as 0004 made them.
  const db = untyped as unknown as Kysely<MetadataSchema>;
  const dashboards = await db.selectFrom('dashboards').select('id').orderBy('id').execute();
  for (const { id } of dashboards) await convertDashboardFilterBoxes(db, Number(id));
}
