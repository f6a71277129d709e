// GET /api/v1/database/{id}/table_metadata/: a table's columns, keys, indexes and SELECT *, as the server answers it
// and SQL Lab's left bar reads it.

/** The spec's generic column types as engines report them (measure is a semantic-layer type, not an engine one). */
export type EngineGenericType = 'numeric' | 'string' | 'temporal' | 'boolean';

/** The kinds of table objects a schema lists. */
export type TableObjectType = 'table' | 'view' | 'materialized_view';

export interface TableColumnKey {
  type: 'pk' | 'fk' | 'index';
  name: string | null;
  column_names: string[];
}

export interface TableColumnMetadata {
  name: string;
  type: string;
  genericType: EngineGenericType | null;
  nullable: boolean;
  default: string | null;
  comment: string | null;
  /** 'pk', 'fk', 'index' markers in the order Superset shows them. */
  keys: TableColumnKey[];
}

export interface TableForeignKeyMetadata {
  name: string | null;
  column_names: string[];
  referred_schema: string | null;
  referred_table: string;
  referred_columns: string[];
}

export interface TableIndexMetadata {
  name: string;
  column_names: string[];
  unique: boolean;
}

export interface TableMetadata {
  name: string;
  schema: string | null;
  catalog: string | null;
  type: TableObjectType;
  columns: TableColumnMetadata[];
  primaryKey: { name: string | null; column_names: string[] } | null;
  foreignKeys: TableForeignKeyMetadata[];
  indexes: TableIndexMetadata[];
  comment: string | null;
  selectStar: string;
}
