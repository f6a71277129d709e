// The 400 answers of the chart query compiler: the request asked for something the dataset or engine cannot give.
import type { ErrorType } from '@nezha/core';
import { NezhaError } from '../../errors/nezha-error.js';

export function invalidQuery(message: string, type: ErrorType = 'GENERIC_COMMAND_ERROR'): NezhaError {
  return new NezhaError({ type, status: 400, message });
}

/** Unknown and sensitive columns answer alike, so a sensitive column's existence does not leak. */
export function unknownColumn(name: string): NezhaError {
  return new NezhaError({
    type: 'COLUMN_DOES_NOT_EXIST_ERROR',
    status: 400,
    message: `No such column found: "${name}". The column may not exist or it is a sensitive column.`,
    extra: { column: name },
  });
}

export function unknownMetric(name: string): NezhaError {
  return new NezhaError({
    type: 'COLUMN_DOES_NOT_EXIST_ERROR',
    status: 400,
    message: `Metric "${name}" does not exist in this dataset.`,
    extra: { metric: name },
  });
}

export function invalidOperator(op: string, column: string, type: string | null | undefined): NezhaError {
  const typed = type ? ` of type ${type}` : '';
  return invalidQuery(`Invalid operator "${op}" for column "${column}"${typed}.`, 'INVALID_PAYLOAD_SCHEMA_ERROR');
}

/** LATEST_PARTITION on a dataset (or column) without partition metadata. */
export function noPartition(column: string, partitionColumn: string | null): NezhaError {
  return invalidQuery(
    partitionColumn
      ? `The operator LATEST_PARTITION applies only to the partition column "${partitionColumn}", not to "${column}".`
      : 'The operator LATEST_PARTITION needs a table partitioned by one ordered column; this dataset has none.',
    'INVALID_PAYLOAD_SCHEMA_ERROR',
  );
}

export function unsupportedOnEngine(what: string, engine: string): NezhaError {
  return invalidQuery(`${what} is not supported on ${engine}.`);
}
