// The success body of a run as JSON text, written a slice of rows at a time so that the row objects
// of a large result never all exist at once.
import { encodeWhole, rowJsonEncoder } from './result-encoding.js';

const ROWS_PER_SLICE = 10_000;

/** `{"status":"success","data":[…], …rest}`, byte for byte what JSON.stringify of the whole would give. */
export function resultPayloadJson(
  names: readonly string[],
  rows: readonly unknown[][],
  rest: Record<string, unknown>,
): string {
  return encodeWhole(rowJsonEncoder(names), rows, rest, ROWS_PER_SLICE);
}
