// A stored dashboard's filter-box charts converted to native filters, as Superset 4 converts them on upgrade and on
// import (migrate_dashboard): the converted metadata and layout written back, and the boxes taken off the dashboard's
// charts. Used by the store migration for dashboards already stored and by the import for each imported dashboard.
import { type FilterBoxChart, LEGACY_FILTER_VIZ_TYPE, migrateFilterBoxes } from '@nezha/core';
import type { Kysely } from 'kysely';
import type { MetadataSchema } from './schema.js';

type Json = Record<string, unknown>;

function parseObject(text: string | null): Json | null {
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Json) : null;
  } catch {
    return null;
  }
}

/** Chart ids the layout's CHART nodes name. */
function placedChartIds(position: Json): number[] {
  const ids: number[] = [];
  for (const node of Object.values(position)) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) continue;
    const { type, meta } = node as Json;
    if (type !== 'CHART' || meta === null || typeof meta !== 'object') continue;
    const chartId = (meta as Json).chartId;
    if (typeof chartId === 'number') ids.push(chartId);
  }
  return ids;
}

/**
 * Converts one dashboard's filter boxes (the filter_box charts it holds or its layout places) and returns their ids;
 * none, and nothing written, when it has none or its stored JSON cannot be read. Run twice, the second run finds no
 * box left and writes nothing.
 */
export async function convertDashboardFilterBoxes(db: Kysely<MetadataSchema>, dashboardId: number): Promise<number[]> {
  const dashboard = await db
    .selectFrom('dashboards')
    .select(['json_metadata', 'position_json'])
    .where('id', '=', dashboardId)
    .executeTakeFirst();
  if (!dashboard) return [];
  const metadata = parseObject(dashboard.json_metadata);
  const position = parseObject(dashboard.position_json);
  if (!metadata || !position) return [];
  const held = await db
    .selectFrom('dashboard_slices')
    .select('slice_id')
    .where('dashboard_id', '=', dashboardId)
    .execute();
  const candidates = [...new Set([...held.map((row) => Number(row.slice_id)), ...placedChartIds(position)])];
  if (candidates.length === 0) return [];
  const rows = await db
    .selectFrom('slices')
    .select(['id', 'slice_name', 'datasource_id', 'params'])
    .where('id', 'in', candidates)
    .where('viz_type', '=', LEGACY_FILTER_VIZ_TYPE)
    .orderBy('id')
    .execute();
  const boxes: FilterBoxChart[] = rows.map((row) => ({
    id: Number(row.id),
    datasourceId: Number(row.datasource_id),
    sliceName: row.slice_name,
    params: parseObject(row.params) ?? {},
  }));
  const converted = migrateFilterBoxes(metadata, position, boxes);
  if (converted.converted.length === 0) return [];
  await db
    .updateTable('dashboards')
    .set({
      json_metadata: JSON.stringify(converted.metadata),
      position_json: JSON.stringify(converted.position),
    })
    .where('id', '=', dashboardId)
    .execute();
  await db
    .deleteFrom('dashboard_slices')
    .where('dashboard_id', '=', dashboardId)
    .where('slice_id', 'in', converted.converted)
    .execute();
  return converted.converted;
}
