// The two shapes of a route filler (a fixed request, or one that makes a fresh copy to change) and shared bodies.
import type { Visibility } from './expectations.js';
import type { Filler, Prepared } from './route-fillers.js';
import type { World } from './world.js';

export type Route = `${'GET' | 'POST' | 'PUT' | 'DELETE'} ${string}`;

export const fixed = (visibility: Visibility, build: (w: World) => Prepared, adminStatus?: number): Filler => ({
  visibility,
  prepare: async (w) => build(w),
  ...(adminStatus ? { adminStatus } : {}),
});

export const guarded = (
  visibility: Visibility,
  build: (w: World) => Promise<Prepared>,
  adminStatus?: number,
): Filler => ({
  visibility,
  prepare: build,
  ...(adminStatus ? { adminStatus } : {}),
});

export const chartQuery = (datasetId: number) => ({
  datasource: { id: datasetId, type: 'table' },
  queries: [{ columns: ['secret'], metrics: [], row_limit: 10 }],
  result_format: 'json',
  result_type: 'full',
});

export const tableFormData = (datasetId: number) => ({
  viz_type: 'table',
  datasource: `${datasetId}__table`,
  query_mode: 'raw',
  all_columns: ['secret'],
  row_limit: 10,
});
