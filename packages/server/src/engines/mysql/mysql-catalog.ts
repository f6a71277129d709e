// MySQL and MariaDB introspection from information_schema, EXPLAIN figures, and result type names by field code.
import { buildTableMetadata, groupBy, tableNotFound } from '../base.js';
import type { CostEstimate, Dialect, ExecuteResult, Row, TableMetadata, TableSummary } from '../types.js';

export type RunQuery = (sql: string, params?: unknown[]) => Promise<ExecuteResult>;

const rowsOf = async (result: Promise<ExecuteResult>): Promise<Row[]> => (await result).rows;

/** A view's TABLE_COMMENT is the word "VIEW", and "no comment" is ''; neither is a comment. */
const comment = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' && value !== 'VIEW' ? value : null;

export async function listSchemas(query: RunQuery): Promise<string[]> {
  const rows = await rowsOf(query('SELECT SCHEMA_NAME FROM information_schema.SCHEMATA ORDER BY 1'));
  return rows.map((row) => String(row[0]));
}

export async function listTables(query: RunQuery, schema: string): Promise<TableSummary[]> {
  const rows = await rowsOf(
    query('SELECT TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY 1', [schema]),
  );
  return rows.map((row) => ({ name: String(row[0]), type: String(row[1]).includes('VIEW') ? 'view' : 'table' }));
}

export async function tableMetadata(
  query: RunQuery,
  dialect: Dialect,
  table: string,
  schema: string,
): Promise<TableMetadata> {
  const where = [schema, table];
  const [info] = await rowsOf(
    query(
      'SELECT TABLE_TYPE, TABLE_COMMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?',
      where,
    ),
  );
  if (!info) throw tableNotFound(table, schema);
  const columns = await rowsOf(
    query(
      `SELECT COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT, COLUMN_COMMENT FROM information_schema.COLUMNS
       WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
      where,
    ),
  );
  const keys = await rowsOf(
    query(
      `SELECT CONSTRAINT_NAME, COLUMN_NAME, REFERENCED_TABLE_SCHEMA, REFERENCED_TABLE_NAME, REFERENCED_COLUMN_NAME
       FROM information_schema.KEY_COLUMN_USAGE
       WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND (CONSTRAINT_NAME = 'PRIMARY' OR REFERENCED_TABLE_NAME IS NOT NULL)
       ORDER BY CONSTRAINT_NAME, ORDINAL_POSITION`,
      where,
    ),
  );
  const indexes = await rowsOf(
    query(
      `SELECT INDEX_NAME, NON_UNIQUE, COLUMN_NAME FROM information_schema.STATISTICS
       WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND INDEX_NAME <> 'PRIMARY' ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
      where,
    ),
  );
  const byConstraint = groupBy(keys, (row) => String(row[0]));
  const primary = byConstraint.get('PRIMARY');
  byConstraint.delete('PRIMARY');
  return buildTableMetadata(dialect, {
    name: table,
    schema,
    type: String(info[0]).includes('VIEW') ? 'view' : 'table',
    comment: comment(info[1]),
    columns: columns.map((row) => ({
      name: String(row[0]),
      type: String(row[1]).toUpperCase(),
      nullable: row[2] === 'YES',
      // MariaDB spells "no default" as the text NULL (and quotes string defaults); MySQL uses SQL NULL.
      default: row[3] === null || row[3] === 'NULL' ? null : String(row[3]),
      comment: comment(row[4]),
    })),
    primaryKey: primary ? { name: 'PRIMARY', column_names: primary.map((row) => String(row[1])) } : null,
    foreignKeys: [...byConstraint.entries()].map(([name, group]) => ({
      name,
      column_names: group.map((row) => String(row[1])),
      referred_schema: (group[0]?.[2] as string | null) ?? null,
      referred_table: String(group[0]?.[3]),
      referred_columns: group.map((row) => String(row[4])),
    })),
    indexes: [...groupBy(indexes, (row) => String(row[0])).entries()].map(([name, group]) => ({
      name,
      unique: Number(group[0]?.[1]) === 0,
      column_names: group.map((row) => String(row[2])),
    })),
  });
}

/** One figure set per EXPLAIN row: the table read, how (the access type) and the rows MySQL expects to examine. */
export async function estimate(query: RunQuery, sql: string): Promise<CostEstimate[]> {
  const result = await query(`EXPLAIN ${sql}`);
  const at = (name: string) => result.columns.findIndex((column) => column.name.toLowerCase() === name);
  const [table, type, rows] = [at('table'), at('type'), at('rows')];
  return result.rows.map((row) => ({
    Table: String(row[table] ?? ''),
    'Access type': String(row[type] ?? ''),
    Rows: Number(row[rows] ?? 0),
  }));
}

const BINARY_CHARSET = 63;

/** Names for mysql2's field type codes; text and binary share codes and differ by character set. */
export function mysqlTypeName(code: number | undefined, characterSet: number | undefined): string {
  const binary = characterSet === BINARY_CHARSET;
  const names: Record<number, string | [string, string]> = {
    0: 'DECIMAL',
    1: 'TINYINT',
    2: 'SMALLINT',
    3: 'INT',
    4: 'FLOAT',
    5: 'DOUBLE',
    6: 'NULL',
    7: 'TIMESTAMP',
    8: 'BIGINT',
    9: 'MEDIUMINT',
    10: 'DATE',
    11: 'TIME',
    12: 'DATETIME',
    13: 'YEAR',
    14: 'DATE',
    15: 'VARCHAR',
    16: 'BIT',
    245: 'JSON',
    246: 'DECIMAL',
    247: 'ENUM',
    248: 'SET',
    249: ['TINYTEXT', 'TINYBLOB'],
    250: ['MEDIUMTEXT', 'MEDIUMBLOB'],
    251: ['LONGTEXT', 'LONGBLOB'],
    252: ['TEXT', 'BLOB'],
    253: ['VARCHAR', 'VARBINARY'],
    254: ['CHAR', 'BINARY'],
    255: 'GEOMETRY',
  };
  const name = code === undefined ? undefined : names[code];
  if (name === undefined) return 'UNKNOWN';
  return typeof name === 'string' ? name : name[binary ? 1 : 0];
}
