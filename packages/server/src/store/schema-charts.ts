// Table types of charts, dashboards, favourites, the semantic layer (measures, cohorts, saved columns),
// permalinks and the filter-value cache, as Kysely sees them (migration 0004). Same conventions as schema.ts.
import type { Generated, Selectable } from 'kysely';

type Id = Generated<number>;
type Timestamp = string;
type Flag = number;

/** A chart (Superset's Slice). `params` is the chart's form data as JSON text. */
export interface SliceTable {
  id: Id;
  uuid: string;
  slice_name: string;
  viz_type: string;
  datasource_id: number | null;
  datasource_type: string | null;
  params: string | null;
  query_context: string | null;
  description: string | null;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface DashboardTable {
  id: Id;
  uuid: string;
  dashboard_title: string;
  slug: string | null;
  position_json: string | null;
  json_metadata: string | null;
  css: string | null;
  description: string | null;
  published: Flag;
  certified_by: string | null;
  certification_details: string | null;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

/** A user's star on a chart ('slice') or a dashboard ('Dashboard'), Superset's class names. */
export interface FavStarTable {
  id: Id;
  user_id: number;
  class_name: string;
  obj_id: number;
  dttm: Timestamp;
}

/** A saved measure of the fork: a named metric definition (or several) on a dataset. */
export interface MeasureTable {
  id: Id;
  uuid: string;
  measure_name: string;
  viz_type: string;
  datasource_id: number;
  datasource_type: string;
  params: string | null;
  query_context: string | null;
  description: string | null;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

/** A cohort: a set of actors of a dataset defined by a filter over it. */
export interface CohortTable {
  id: Id;
  uuid: string;
  cohort_name: string;
  viz_type: string;
  datasource_id: number;
  datasource_type: string;
  params: string | null;
  query_context: string | null;
  description: string | null;
  /** JSON. */
  top_series: string | null;
  actor: string | null;
  has_dimension: Flag;
  /** JSON list of column names. */
  dimensions: string;
  /** JSON list of {label, top_series}. */
  auto_complete_option: string;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

/** A saved or calculated column of a dataset, kept apart from the dataset's own columns. */
export interface SavedColumnTable {
  id: Id;
  uuid: string;
  column_name: string;
  table_id: number;
  type: string | null;
  expression: string;
  filterable: Flag;
  groupby: Flag;
  method: string | null;
  is_dttm: Flag;
  /** JSON: the explore form data the column was built from. */
  form_data: string | null;
  description: string | null;
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

/** Explore and dashboard permalinks and explore form-data entries, addressed by an unguessable key. */
export interface PermalinkTable {
  id: Id;
  key: string;
  /** 'explore', 'dashboard' or 'explore_form_data'. */
  resource: string;
  value: string;
  created_by_fk: number | null;
  created_on: Timestamp;
  changed_on: Timestamp;
}

/** Per column: what the autocomplete cache knows (cardinality, last warm-up, whether one is running). */
export interface FilterValueCacheTable {
  id: Id;
  datasource_type: string;
  datasource_id: number;
  column_name: string;
  card: number | null;
  /** Milliseconds since the epoch of the last successful warm-up. */
  last_ingestion_time: number | null;
  updating: Flag;
  error: string | null;
  changed_on: Timestamp;
}

/** How often each value of a column was chosen as a filter value: the popularity of suggestions. */
export interface FilterValueCountTable {
  id: Id;
  datasource_type: string;
  datasource_id: number;
  column_name: string;
  value: string;
  count: number;
  changed_on: Timestamp;
}

interface LinkTable {
  id: Id;
}

export interface ChartTables {
  slices: SliceTable;
  slice_owners: LinkTable & { slice_id: number; user_id: number };
  dashboards: DashboardTable;
  dashboard_slices: LinkTable & { dashboard_id: number; slice_id: number };
  dashboard_owners: LinkTable & { dashboard_id: number; user_id: number };
  dashboard_roles: LinkTable & { dashboard_id: number; role_id: number };
  favstar: FavStarTable;
  measures: MeasureTable;
  measure_owners: LinkTable & { measure_id: number; user_id: number };
  dashboard_measures: LinkTable & { dashboard_id: number; measure_id: number };
  cohorts: CohortTable;
  cohort_owners: LinkTable & { cohort_id: number; user_id: number };
  dashboard_cohorts: LinkTable & { dashboard_id: number; cohort_id: number };
  saved_columns: SavedColumnTable;
  saved_column_owners: LinkTable & { saved_column_id: number; user_id: number };
  slice_measures: LinkTable & { slice_id: number; measure_id: number };
  slice_saved_columns: LinkTable & { slice_id: number; saved_column_id: number };
  slice_cohorts: LinkTable & { slice_id: number; cohort_id: number };
  permalinks: PermalinkTable;
  filter_value_cache: FilterValueCacheTable;
  filter_value_counts: FilterValueCountTable;
}

export type SliceRow = Selectable<SliceTable>;
export type DashboardRow = Selectable<DashboardTable>;
export type MeasureRow = Selectable<MeasureTable>;
export type CohortRow = Selectable<CohortTable>;
export type SavedColumnRow = Selectable<SavedColumnTable>;
