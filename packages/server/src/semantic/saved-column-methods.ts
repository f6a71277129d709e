// Methods of calculated columns: which make a column numeric (time parts) or temporal (DATETIME), and the SQL
// each engine runs for them.
import { isNumericTimeMethod, type NumericTimeMethod } from '@nezha/core';
import type { EngineName } from '../engines/types.js';

export {
  isNumericTimeMethod,
  methodType,
  NUMERIC_TIME_METHODS,
  SAVED_COLUMN_METHODS,
  type SavedColumnMethod,
} from '@nezha/core';

type NumericMethod = NumericTimeMethod;

/** EXTRACT fields of DuckDB and PostgreSQL; day of week counts from Sunday = 0 on both. */
const EXTRACT_FIELD: Record<NumericMethod, string> = {
  SECOND_OF_MINUTE: 'SECOND',
  MINUTE_OF_HOUR: 'MINUTE',
  HOUR_OF_DAY: 'HOUR',
  DAY_OF_WEEK: 'DOW',
  DAY_OF_MONTH: 'DAY',
  DAY_OF_YEAR: 'DOY',
  WEEK_OF_YEAR: 'WEEK',
  MONTH_OF_YEAR: 'MONTH',
  QUARTER_OF_YEAR: 'QUARTER',
  YEAR: 'YEAR',
};

const MYSQL_FUNCTION: Record<NumericMethod, (sql: string) => string> = {
  SECOND_OF_MINUTE: (sql) => `SECOND(${sql})`,
  MINUTE_OF_HOUR: (sql) => `MINUTE(${sql})`,
  HOUR_OF_DAY: (sql) => `HOUR(${sql})`,
  DAY_OF_WEEK: (sql) => `(DAYOFWEEK(${sql}) - 1)`,
  DAY_OF_MONTH: (sql) => `DAYOFMONTH(${sql})`,
  DAY_OF_YEAR: (sql) => `DAYOFYEAR(${sql})`,
  WEEK_OF_YEAR: (sql) => `WEEK(${sql}, 3)`,
  MONTH_OF_YEAR: (sql) => `MONTH(${sql})`,
  QUARTER_OF_YEAR: (sql) => `QUARTER(${sql})`,
  YEAR: (sql) => `YEAR(${sql})`,
};

const SQLITE_FORMAT: Record<Exclude<NumericMethod, 'QUARTER_OF_YEAR'>, string> = {
  SECOND_OF_MINUTE: '%S',
  MINUTE_OF_HOUR: '%M',
  HOUR_OF_DAY: '%H',
  DAY_OF_WEEK: '%w',
  DAY_OF_MONTH: '%d',
  DAY_OF_YEAR: '%j',
  WEEK_OF_YEAR: '%W',
  MONTH_OF_YEAR: '%m',
  YEAR: '%Y',
};

/** The SQL of `expressionSql` with the method applied; the expression itself as it is without one. */
export function methodSql(engine: EngineName, method: string | null | undefined, expressionSql: string): string {
  if (method === 'DATETIME') {
    if (engine === 'sqlite') return `datetime(${expressionSql})`;
    return `CAST(${expressionSql} AS ${engine === 'mysql' ? 'DATETIME' : 'TIMESTAMP'})`;
  }
  if (!isNumericTimeMethod(method)) return expressionSql;
  if (engine === 'mysql') return MYSQL_FUNCTION[method](expressionSql);
  if (engine === 'sqlite') {
    if (method === 'QUARTER_OF_YEAR') return `((CAST(strftime('%m', ${expressionSql}) AS INTEGER) + 2) / 3)`;
    return `CAST(strftime('${SQLITE_FORMAT[method]}', ${expressionSql}) AS INTEGER)`;
  }
  return `CAST(EXTRACT(${EXTRACT_FIELD[method]} FROM ${expressionSql}) AS INTEGER)`;
}
