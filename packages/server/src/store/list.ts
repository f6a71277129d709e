// Filtering, ordering and paging of list endpoints, shared by every store module.
import { type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';

export const LIST_OPERATORS = ['eq', 'neq', 'ct', 'nct', 'sw', 'ew', 'gt', 'ge', 'lt', 'le', 'in', 'nin'] as const;
export type ListOperator = (typeof LIST_OPERATORS)[number];

export interface ListFilter {
  col: string;
  opr: ListOperator;
  value: unknown;
}

export interface ListOptions {
  filters: ListFilter[];
  orderColumn: string | null;
  orderDirection: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

function likePattern(value: unknown, prefix: string, suffix: string): string {
  const escaped = String(value ?? '').replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return `${prefix}${escaped.toLowerCase()}${suffix}`;
}

/** A WHERE condition on a trusted column reference; the value is always a bound parameter. */
export function filterCondition(column: string, opr: ListOperator, rawValue: unknown): RawBuilder<SqlBool> {
  const ref = sql.ref(column);
  // Flags are 0/1 integers in the store, and SQLite's driver cannot bind booleans.
  const value = typeof rawValue === 'boolean' ? (rawValue ? 1 : 0) : rawValue;
  switch (opr) {
    case 'eq':
      return value === null ? sql<SqlBool>`${ref} IS NULL` : sql<SqlBool>`${ref} = ${value}`;
    case 'neq':
      return value === null ? sql<SqlBool>`${ref} IS NOT NULL` : sql<SqlBool>`${ref} <> ${value}`;
    case 'ct':
      return sql<SqlBool>`lower(${ref}) LIKE ${likePattern(value, '%', '%')} ESCAPE '\\'`;
    case 'nct':
      return sql<SqlBool>`lower(${ref}) NOT LIKE ${likePattern(value, '%', '%')} ESCAPE '\\'`;
    case 'sw':
      return sql<SqlBool>`lower(${ref}) LIKE ${likePattern(value, '', '%')} ESCAPE '\\'`;
    case 'ew':
      return sql<SqlBool>`lower(${ref}) LIKE ${likePattern(value, '%', '')} ESCAPE '\\'`;
    case 'gt':
      return sql<SqlBool>`${ref} > ${value}`;
    case 'ge':
      return sql<SqlBool>`${ref} >= ${value}`;
    case 'lt':
      return sql<SqlBool>`${ref} < ${value}`;
    case 'le':
      return sql<SqlBool>`${ref} <= ${value}`;
    case 'in':
    case 'nin': {
      const values = Array.isArray(value) ? value : [value];
      if (values.length === 0) return opr === 'in' ? sql<SqlBool>`1 = 0` : sql<SqlBool>`1 = 1`;
      const list = sql.join(values.map((v) => sql`${v}`));
      return opr === 'in' ? sql<SqlBool>`${ref} IN (${list})` : sql<SqlBool>`${ref} NOT IN (${list})`;
    }
  }
}

export function andAll(conditions: Expression<SqlBool>[]): Expression<SqlBool> {
  if (conditions.length === 0) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${sql.join(conditions, sql` AND `)})`;
}

export function orAny(conditions: Expression<SqlBool>[]): Expression<SqlBool> {
  if (conditions.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(${sql.join(conditions, sql` OR `)})`;
}

/**
 * An entity's list columns: what a request may filter or order on, mapped to trusted references (`a.b`), the
 * reference an unknown filter column and every order's tie-break fall back to (the row id), and the default order.
 */
export interface ListColumns {
  columns: Readonly<Record<string, string>>;
  id: string;
  defaultOrder: string;
  /** Columns a request may order on when they are more than `columns` (default: `columns`). */
  orderColumns?: Readonly<Record<string, string>>;
  /** The id breaks ties ascending whatever the order's direction (default: in the order's direction). */
  idAscending?: true;
}

/** The request's filters as WHERE conditions; a column the entity does not list filters its id. */
export function listConditions(list: ListColumns, filters: readonly ListFilter[]): Expression<SqlBool>[] {
  return filters.map((f) => filterCondition(list.columns[f.col] ?? list.id, f.opr, f.value));
}

/**
 * The request's page of a list query: ordered by the asked column's trusted reference (the default order when it
 * names none or an unknown one), ties broken by the row id in the same direction.
 */
export function listPageQuery<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  list: ListColumns,
  options: ListOptions,
): SelectQueryBuilder<DB, TB, O> {
  const columns = list.orderColumns ?? list.columns;
  const asked = options.orderColumn === null ? undefined : columns[options.orderColumn];
  return query
    .orderBy(sql.ref(asked ?? list.defaultOrder), options.orderDirection)
    .orderBy(sql.ref(list.id), list.idAscending ? 'asc' : options.orderDirection)
    .offset(options.page * options.pageSize)
    .limit(options.pageSize);
}
