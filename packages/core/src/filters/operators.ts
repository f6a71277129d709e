// The adhoc filter operator catalogue and which operators a column, clause or cohort allows (spec §5).

export type OperatorArity = 'unary' | 'binary' | 'set' | 'boolean';

export interface FilterOperator {
  /** The query object's `op` (Superset's FilterOperator values). */
  operation: string;
  display: string;
  arity: OperatorArity;
}

export const FILTER_OPERATORS = {
  EQUALS: { operation: '==', display: 'Equal to (=)', arity: 'binary' },
  NOT_EQUALS: { operation: '!=', display: 'Not equal to (≠)', arity: 'binary' },
  LESS_THAN: { operation: '<', display: 'Less than (<)', arity: 'binary' },
  LESS_THAN_OR_EQUAL: { operation: '<=', display: 'Less or equal (<=)', arity: 'binary' },
  GREATER_THAN: { operation: '>', display: 'Greater than (>)', arity: 'binary' },
  GREATER_THAN_OR_EQUAL: { operation: '>=', display: 'Greater or equal (>=)', arity: 'binary' },
  IN: { operation: 'IN', display: 'In', arity: 'set' },
  NOT_IN: { operation: 'NOT IN', display: 'Not in', arity: 'set' },
  LIKE: { operation: 'LIKE', display: 'Like', arity: 'binary' },
  ILIKE: { operation: 'ILIKE', display: 'Like (case insensitive)', arity: 'binary' },
  NOT_LIKE: { operation: 'NOT LIKE', display: 'Not like', arity: 'binary' },
  IS_NULL: { operation: 'IS NULL', display: 'Is null', arity: 'unary' },
  IS_NOT_NULL: { operation: 'IS NOT NULL', display: 'Is not null', arity: 'unary' },
  IS_TRUE: { operation: 'IS TRUE', display: 'Is true', arity: 'boolean' },
  IS_FALSE: { operation: 'IS FALSE', display: 'Is false', arity: 'boolean' },
  // The fork's boolean emptiness checks: "empty" is NULL or false, "not empty" is true.
  IS_BOOLEAN_EMPTY: { operation: 'IS BOOLEAN EMPTY', display: 'Is empty', arity: 'unary' },
  IS_BOOLEAN_NOT_EMPTY: { operation: 'IS BOOLEAN NOT EMPTY', display: 'Is not empty', arity: 'unary' },
  LATEST_PARTITION: { operation: 'LATEST PARTITION', display: 'use latest_partition template', arity: 'unary' },
  TEMPORAL_RANGE: { operation: 'TEMPORAL_RANGE', display: 'Time range', arity: 'binary' },
  // Cohort-only text matches.
  CONTAINS: { operation: 'CONTAINS', display: 'Contains', arity: 'binary' },
  NOT_CONTAINS: { operation: 'NOT CONTAINS', display: 'Does not contain', arity: 'binary' },
  STARTS_WITH: { operation: 'STARTS WITH', display: 'Starts with', arity: 'binary' },
  NOT_STARTS_WITH: { operation: 'NOT STARTS WITH', display: 'Does not start with', arity: 'binary' },
} as const satisfies Record<string, FilterOperator>;

export type OperatorId = keyof typeof FILTER_OPERATORS;
export type Clause = 'WHERE' | 'HAVING';

export const OPERATOR_IDS = Object.keys(FILTER_OPERATORS) as OperatorId[];

const COHORT_ONLY: readonly OperatorId[] = ['CONTAINS', 'NOT_CONTAINS', 'STARTS_WITH', 'NOT_STARTS_WITH'];
/** What the Simple tab offers before column and clause rules narrow it. */
export const SIMPLE_OPERATOR_IDS: readonly OperatorId[] = OPERATOR_IDS.filter((id) => !COHORT_ONLY.includes(id));
export const BOOLEAN_OPERATOR_IDS: readonly OperatorId[] = [
  'IS_TRUE',
  'IS_FALSE',
  'IS_BOOLEAN_EMPTY',
  'IS_BOOLEAN_NOT_EMPTY',
];
export const HAVING_OPERATOR_IDS: readonly OperatorId[] = [
  'EQUALS',
  'NOT_EQUALS',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
];
export const MULTI_DIMENSION_COHORT_OPERATOR_IDS: readonly OperatorId[] = ['EQUALS', 'NOT_EQUALS', 'IN', 'NOT_IN'];
export const SINGLE_DIMENSION_COHORT_OPERATOR_IDS: readonly OperatorId[] = [
  ...MULTI_DIMENSION_COHORT_OPERATOR_IDS,
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  ...COHORT_ONLY,
];

/** GenericDataType of Superset (0 numeric, 1 string, 2 temporal, 3 boolean) or the spec's generic names. */
export type GenericType = number | 'numeric' | 'string' | 'temporal' | 'boolean' | 'measure';

export interface FilterColumn {
  column_name: string;
  type?: string | null;
  type_generic?: GenericType | null;
  is_dttm?: boolean | null;
  expression?: string | null;
}

export function isOperatorId(value: unknown): value is OperatorId {
  return typeof value === 'string' && Object.hasOwn(FILTER_OPERATORS, value);
}

/** The catalogue id for a stored filter: its operatorId, else the id whose operation it names. */
export function resolveOperatorId(operatorId: unknown, operator: unknown): OperatorId | undefined {
  if (isOperatorId(operatorId)) return operatorId;
  if (typeof operator !== 'string') return undefined;
  const upper = operator.toUpperCase();
  return OPERATOR_IDS.find((id) => FILTER_OPERATORS[id].operation === upper);
}

export function isBooleanColumn(column: FilterColumn): boolean {
  return column.type_generic === 3 || column.type_generic === 'boolean' || /^BOOL(EAN)?$/i.test(column.type ?? '');
}

export function isIntegerColumn(column: FilterColumn): boolean {
  return /\bU?(TINY|SMALL|MEDIUM|BIG|HUGE)?INT(EGER|\d+)?\b/i.test(column.type ?? '');
}

export function isNumericColumn(column: FilterColumn): boolean {
  if (column.type_generic === 0 || column.type_generic === 'numeric') return true;
  if (column.type_generic !== null && column.type_generic !== undefined) return false;
  return /^\s*(U?(TINY|SMALL|MEDIUM|BIG|HUGE)?INT(EGER|\d+)?|DEC(IMAL)?|NUMERIC|NUMBER|FLOAT\d*|DOUBLE|REAL|MONEY)\b/i.test(
    column.type ?? '',
  );
}

export function isTemporalColumn(column: FilterColumn): boolean {
  if (column.is_dttm || column.type_generic === 2 || column.type_generic === 'temporal') return true;
  return /DATE|TIME/i.test(column.type ?? '');
}

export interface OperatorOptions {
  /**
   * The dataset's partition column, the only one LATEST_PARTITION applies to; a list for Hive folders, where each
   * key column names one level of the newest partition.
   */
  partitionColumn?: string | readonly string[] | null;
}

function isAllowed(
  id: OperatorId,
  column: FilterColumn | undefined,
  clause: Clause,
  options: OperatorOptions,
): boolean {
  if (clause === 'HAVING') return HAVING_OPERATOR_IDS.includes(id);
  if (id === 'LATEST_PARTITION') {
    const partition = options.partitionColumn;
    if (!column || !partition) return false;
    return typeof partition === 'string' ? column.column_name === partition : partition.includes(column.column_name);
  }
  if (id === 'TEMPORAL_RANGE') return !!column && isTemporalColumn(column);
  if (BOOLEAN_OPERATOR_IDS.includes(id)) return !!column && (isBooleanColumn(column) || isIntegerColumn(column));
  // Value comparisons make no sense on a boolean column; only the null checks remain besides the boolean ones.
  if (column && isBooleanColumn(column)) return id === 'IS_NULL' || id === 'IS_NOT_NULL';
  return true;
}

/** The Simple tab's operators for a subject: a column (WHERE) or a metric (HAVING, column undefined). */
export function operatorsFor(
  column: FilterColumn | undefined,
  clause: Clause,
  options: OperatorOptions = {},
): OperatorId[] {
  return SIMPLE_OPERATOR_IDS.filter((id) => isAllowed(id, column, clause, options));
}

export interface CohortShape {
  /** The cohort's dimensions, or just how many there are. */
  dimensions?: readonly unknown[] | number | null;
  /**
   * The dataset columns of the dimensions, when known: a one-dimension cohort's value comparisons then follow its
   * type. Unknown, every one-dimension operator stays allowed.
   */
  dimensionColumns?: ReadonlyArray<FilterColumn | undefined> | null;
}

export function cohortDimensionCount(cohort: CohortShape): number {
  const { dimensions } = cohort;
  if (typeof dimensions === 'number') return dimensions;
  return dimensions?.length ?? 0;
}

const ORDER_COMPARISONS: readonly OperatorId[] = [
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
];

/** Whether a one-dimension cohort's operator suits the dimension's type. */
function suitsDimension(id: OperatorId, column: FilterColumn): boolean {
  const text = COHORT_ONLY.includes(id);
  const order = ORDER_COMPARISONS.includes(id);
  if (!text && !order) return true;
  // Booleans are matched as members only; every other type is ordered (text alphabetically); only text is
  // matched by its characters.
  if (isBooleanColumn(column)) return false;
  return order || !(isNumericColumn(column) || isTemporalColumn(column));
}

/**
 * Spec §5: a cohort over several dimensions is matched as a whole (equality and membership); a one-dimension
 * cohort also allows less/greater (not on a boolean dimension) and contains / starts with and their negations
 * (on a text dimension only).
 */
export function cohortOperatorsFor(cohort: CohortShape): OperatorId[] {
  if (cohortDimensionCount(cohort) > 1) return [...MULTI_DIMENSION_COHORT_OPERATOR_IDS];
  const column = cohort.dimensionColumns?.[0];
  if (!column) return [...SINGLE_DIMENSION_COHORT_OPERATOR_IDS];
  return SINGLE_DIMENSION_COHORT_OPERATOR_IDS.filter((id) => suitsDimension(id, column));
}
