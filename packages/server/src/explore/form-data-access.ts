// The access a piece of explore state needs: its datasource (and chart, when it names one) must be reachable.
import { parseDatasourceKey } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { exploredDataset } from '../datasets/lookup.js';
import { HttpError } from '../errors/nezha-error.js';
import { visibleChart } from '../saved-charts/access.js';
import type { AuthUser } from '../security/current-user.js';

export type FormData = Record<string, unknown>;

export function asFormData(value: unknown): FormData | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as FormData) : null;
}

/** A positive integer from a number or digits, else undefined. */
export function positiveId(value: unknown): number | undefined {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * Superset's check_access for explore state: the chart (404 when missing or out of sight) and the datasource
 * (404 when missing, 403 DATASOURCE_SECURITY_ACCESS_ERROR when refused).
 */
export async function assertFormDataAccess(
  ctx: AppContext,
  user: AuthUser,
  formData: FormData,
  ref: { datasourceId?: number | undefined; datasourceType?: string | undefined; chartId?: number | undefined } = {},
): Promise<void> {
  const chartId = ref.chartId ?? positiveId(formData.slice_id);
  if (chartId !== undefined) await visibleChart(ctx, user, chartId);
  const key = typeof formData.datasource === 'string' ? parseDatasourceKey(formData.datasource) : null;
  const datasourceId = ref.datasourceId ?? key?.id;
  const datasourceType = ref.datasourceType ?? key?.type ?? 'table';
  if (datasourceId === undefined) {
    if (chartId === undefined) throw new HttpError(400, 'The form data names no datasource');
    return;
  }
  if (datasourceType !== 'table') throw new HttpError(400, `Datasource type "${datasourceType}" is not supported`);
  await exploredDataset(ctx, user, datasourceId);
}
