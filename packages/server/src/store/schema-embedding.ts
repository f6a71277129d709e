// Table types of embedded dashboards and row-level security filters (migration 0008), as Kysely sees them.
import type { Generated, Selectable } from 'kysely';

interface Audited {
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface EmbeddedDashboardTable extends Audited {
  uuid: string;
  dashboard_id: number;
  /** JSON list of host names. */
  allowed_domains: string;
}

export interface RlsFilterTable extends Audited {
  id: Generated<number>;
  name: string;
  description: string | null;
  filter_type: string;
  group_key: string | null;
  clause: string;
}

export interface RlsFilterTablesTable {
  id: Generated<number>;
  rls_filter_id: number;
  table_id: number;
}

export interface RlsFilterRolesTable {
  id: Generated<number>;
  rls_filter_id: number;
  role_id: number;
}

export interface EmbeddingTables {
  embedded_dashboards: EmbeddedDashboardTable;
  row_level_security_filters: RlsFilterTable;
  rls_filter_tables: RlsFilterTablesTable;
  rls_filter_roles: RlsFilterRolesTable;
}
export type RlsFilterRow = Selectable<RlsFilterTable>;
