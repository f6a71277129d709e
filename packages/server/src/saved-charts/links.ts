// Checks of what a chart links to: dashboards that exist (and that the caller owns when adding to them), and
// saved measures, columns and cohorts of the chart's own dataset.

import type { AppContext } from '../app/context.js';
import { HttpError } from '../errors/nezha-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { type AuthUser, userIsAdmin } from '../security/current-user.js';
import { dashboardsByIds } from '../store/charts.js';
import { getCohorts } from '../store/cohorts.js';
import { LINKS, linkedIds } from '../store/links.js';
import { getMeasures } from '../store/measures.js';
import { getSavedColumns } from '../store/saved-columns.js';
import type { ChartInput } from './inputs.js';

const unique = (ids: readonly number[]) => [...new Set(ids)];

/**
 * Dashboards must exist; a non-admin may only add a chart to dashboards they own (Superset's
 * DashboardsForbiddenError). Dashboards the chart is already on may stay.
 */
export async function checkDashboards(
  ctx: AppContext,
  user: AuthUser,
  requested: readonly number[],
  current: readonly number[],
): Promise<number[]> {
  const ids = unique(requested);
  const found = await dashboardsByIds(ctx.store.db, ids);
  if (found.length !== ids.length) throw new ValidationError({ dashboards: ['Dashboards do not exist'] }, 422);
  const added = ids.filter((id) => !current.includes(id));
  if (added.length === 0 || userIsAdmin(user)) return ids;
  const owners = await linkedIds(ctx.store.db, LINKS.dashboardOwners, added);
  if (added.some((id) => !(owners.get(id) ?? []).includes(user.id))) {
    throw new HttpError(403, 'Changing one or more of these dashboards is forbidden');
  }
  return ids;
}

async function checkSemantic(
  field: string,
  label: string,
  requested: readonly number[],
  load: (ids: number[]) => Promise<Array<{ id: number; datasetId: number | null }>>,
  datasetId: number,
): Promise<number[]> {
  const ids = unique(requested);
  const rows = await load(ids);
  if (rows.length !== ids.length) throw new ValidationError({ [field]: [`One or more ${label} do not exist`] }, 422);
  if (rows.some((row) => row.datasetId !== datasetId)) {
    throw new ValidationError({ [field]: [`One or more ${label} belong to another dataset`] }, 422);
  }
  return ids;
}

export interface SemanticLinks {
  savedMeasures?: number[] | undefined;
  savedColumns?: number[] | undefined;
  savedCohorts?: number[] | undefined;
}

/** The chart's saved measures, saved columns and cohorts, each checked to exist on the chart's dataset. */
export async function checkSemanticLinks(
  ctx: AppContext,
  input: ChartInput,
  datasetId: number,
): Promise<SemanticLinks> {
  const db = ctx.store.db;
  const links: SemanticLinks = {};
  if (input.saved_measures) {
    links.savedMeasures = await checkSemantic(
      'saved_measures',
      'saved measures',
      input.saved_measures,
      async (ids) =>
        (await getMeasures(db, ids)).map((row) => ({
          id: row.id,
          datasetId: row.datasource_type === 'table' ? row.datasource_id : null,
        })),
      datasetId,
    );
  }
  if (input.saved_cols) {
    links.savedColumns = await checkSemantic(
      'saved_cols',
      'saved columns',
      input.saved_cols,
      async (ids) => (await getSavedColumns(db, ids)).map((row) => ({ id: row.id, datasetId: row.table_id })),
      datasetId,
    );
  }
  if (input.saved_cohorts) {
    links.savedCohorts = await checkSemantic(
      'saved_cohorts',
      'saved cohorts',
      input.saved_cohorts,
      async (ids) =>
        (await getCohorts(db, ids)).map((row) => ({
          id: row.id,
          datasetId: row.datasource_type === 'table' ? row.datasource_id : null,
        })),
      datasetId,
    );
  }
  return links;
}
