// Methods of calculated columns (spec §3): time parts make a column numeric, DATETIME makes it temporal.

export const NUMERIC_TIME_METHODS = [
  'SECOND_OF_MINUTE',
  'MINUTE_OF_HOUR',
  'HOUR_OF_DAY',
  'DAY_OF_WEEK',
  'DAY_OF_MONTH',
  'DAY_OF_YEAR',
  'WEEK_OF_YEAR',
  'MONTH_OF_YEAR',
  'QUARTER_OF_YEAR',
  'YEAR',
] as const;
export const SAVED_COLUMN_METHODS = [...NUMERIC_TIME_METHODS, 'DATETIME'] as const;
export type SavedColumnMethod = (typeof SAVED_COLUMN_METHODS)[number];
export type NumericTimeMethod = (typeof NUMERIC_TIME_METHODS)[number];

export function isNumericTimeMethod(method: string | null | undefined): method is NumericTimeMethod {
  return (NUMERIC_TIME_METHODS as readonly string[]).includes(method ?? '');
}

/** The type a method gives the column (spec §3): time parts are numbers, DATETIME a timestamp. */
export function methodType(method: string | null | undefined): string | null {
  if (isNumericTimeMethod(method)) return 'INTEGER';
  if (method === 'DATETIME') return 'TIMESTAMP';
  return null;
}
