// Calculated measures as SQL: core parses the expression (measure names, numbers, + - * /, parentheses); this
// writes the tree as SQL over the measures' own SQL.
import type { CalculatedNode } from '@nezha/core';

export {
  CalculatedMeasureError,
  type CalculatedNode,
  INVALID_CALCULATED_MESSAGE,
  parseCalculatedMeasure,
} from '@nezha/core';

export interface CalculatedSqlOptions {
  /** The SQL of a measure named in the expression. */
  measureSql(name: string): string;
  /** A number as floating point (the dividend of a division). */
  toDouble(sql: string): string;
}

/**
 * The expression as SQL, every operation in parentheses. Division is floating point on every engine, and
 * dividing by zero gives NULL everywhere (PostgreSQL would fail the query).
 */
export function calculatedMeasureSql(node: CalculatedNode, options: CalculatedSqlOptions): string {
  switch (node.kind) {
    case 'number':
      return node.text;
    case 'measure':
      return options.measureSql(node.name);
    case 'negate':
      return `(-${calculatedMeasureSql(node.operand, options)})`;
    case 'binary': {
      const left = calculatedMeasureSql(node.left, options);
      const right = calculatedMeasureSql(node.right, options);
      if (node.op === '/') return `(${options.toDouble(left)} / NULLIF(${right}, 0))`;
      return `(${left} ${node.op} ${right})`;
    }
  }
}
