// Metrics → aggregate SQL: saved metrics, measures of the semantic layer (simple, custom SQL or calculated from
// other measures), simple adhoc aggregates (per engine where SQL differs) and custom SQL.
import {
  getMetricLabel,
  isMetricAggregate,
  type MetricAggregate,
  type QueryFormMetric,
  type SimpleAdhocMetric,
} from '@nezha/core';
import {
  CalculatedMeasureError,
  calculatedMeasureSql,
  INVALID_CALCULATED_MESSAGE,
  parseCalculatedMeasure,
} from './calculated-measure.js';
import type { DatasetScope } from './dataset-scope.js';
import { orderedWindow } from './engine-sql.js';
import { invalidQuery, unknownMetric, unsupportedOnEngine } from './errors.js';
import type { MeasureDefinition } from './semantic-catalog.js';

/** A value computed over the group's rows by a window function, for aggregates an engine lacks. */
export interface WindowColumn {
  alias: string;
  /** The window expression, with PARTITION (engine-sql.ts) where the group's PARTITION BY goes. */
  sql: string;
}

export interface CompiledMetric {
  label: string;
  sql: string;
  windows: WindowColumn[];
}

const FIRST_LAST_TIME_MESSAGE =
  "FIRST and LAST need a time column: set the chart's time column or the dataset's default time column.";

/**
 * UNIQUE is the fork's distinct count (ClickHouse's uniq, an estimate there); every engine here counts
 * exactly, so it is COUNT(DISTINCT …), the same figure as COUNT_DISTINCT.
 */
const PLAIN_AGGREGATES: Record<string, (value: string) => string> = {
  AVG: (value) => `AVG(${value})`,
  COUNT: (value) => `COUNT(${value})`,
  COUNT_DISTINCT: (value) => `COUNT(DISTINCT ${value})`,
  UNIQUE: (value) => `COUNT(DISTINCT ${value})`,
  MAX: (value) => `MAX(${value})`,
  MIN: (value) => `MIN(${value})`,
  SUM: (value) => `SUM(${value})`,
};

/** How many measure definitions one metric may expand to: calculated measures nest, and may repeat each other. */
const MAX_MEASURE_EXPANSIONS = 200;

export class MetricCompiler {
  private windowCount = 0;

  /**
   * @param timeSql the SQL of the time column FIRST/LAST order by, or null when the query has none.
   */
  constructor(
    private readonly scope: DatasetScope,
    private readonly timeSql: string | null,
  ) {}

  compile(metric: QueryFormMetric): CompiledMetric {
    const label = getMetricLabel(metric);
    if (typeof metric === 'string') {
      const saved = this.scope.savedMetric(metric);
      // Owner-written SQL, used as written.
      if (saved) return { label, sql: `(${saved.expression})`, windows: [] };
      const measure = this.scope.measure(metric);
      if (!measure) throw unknownMetric(metric);
      return { label, ...this.measure(measure, []) };
    }
    if (metric.expressionType === 'SQL') {
      if (!metric.sqlExpression?.trim()) throw invalidQuery(`The metric "${label}" has no SQL expression.`);
      if (metric.filterSql) throw invalidQuery('A metric filter applies to simple metrics only.');
      return { label, sql: this.scope.guard(metric.sqlExpression), windows: [] };
    }
    return { label, ...this.simple(metric, label) };
  }

  /**
   * A measure's definition: a simple one aggregates a column (saved columns too), a custom SQL one is guarded like
   * any custom SQL, a calculated one is parsed and its measures compiled in turn (a cycle is refused).
   */
  private measure(
    definition: MeasureDefinition,
    path: readonly string[],
    budget = { left: MAX_MEASURE_EXPANSIONS },
  ): { sql: string; windows: WindowColumn[] } {
    const { draft, name } = definition;
    const invalid = (reason: string) => invalidQuery(`${INVALID_CALCULATED_MESSAGE} "${name}": ${reason}.`);
    if (path.includes(definition.key)) throw invalid('it refers to itself');
    budget.left -= 1;
    if (budget.left < 0) throw invalid('it expands to too many measures');
    if (draft.expressionType === 'SIMPLE') {
      const percentile = draft.percentile === null || draft.percentile === undefined ? null : Number(draft.percentile);
      const simple: SimpleAdhocMetric = {
        expressionType: 'SIMPLE',
        column: draft.column ? { column_name: draft.column } : null,
        aggregate: (draft.aggregate ?? null) as MetricAggregate | null,
        percentile,
      };
      return this.simple(simple, name);
    }
    const expression = draft.expression ?? '';
    if (!expression.trim()) throw invalidQuery(`The measure "${name}" has no expression.`);
    if (!definition.calculated) return { sql: this.scope.guard(expression), windows: [] };
    let tree: ReturnType<typeof parseCalculatedMeasure>;
    try {
      tree = parseCalculatedMeasure(expression);
    } catch (error) {
      if (error instanceof CalculatedMeasureError) throw invalid(error.message);
      throw error;
    }
    const windows: WindowColumn[] = [];
    const sql = calculatedMeasureSql(tree, {
      measureSql: (other) => {
        const referenced = this.scope.measure(other);
        if (!referenced) throw invalid(`"${other}" is not a measure of this dataset`);
        const compiled = this.measure(referenced, [...path, definition.key], budget);
        windows.push(...compiled.windows);
        return compiled.sql;
      },
      toDouble: (value) => this.scope.engineSql.toDouble(value),
    });
    return { sql, windows };
  }

  private simple(metric: SimpleAdhocMetric, label: string): { sql: string; windows: WindowColumn[] } {
    const { aggregate } = metric;
    const name = metric.column?.column_name;
    if (!name || !isMetricAggregate(aggregate)) {
      throw invalidQuery(`The metric "${label}" needs a column and an aggregate.`);
    }
    let value = this.scope.columnSql(this.scope.column(name));
    const plain = PLAIN_AGGREGATES[aggregate];
    if (metric.filterSql) {
      if (aggregate === 'FIRST' || aggregate === 'LAST') {
        throw invalidQuery('A metric filter cannot be combined with FIRST or LAST.');
      }
      value = `CASE WHEN ${this.scope.guard(metric.filterSql)} THEN ${value} END`;
    }
    if (plain) return { sql: plain(value), windows: [] };
    if (aggregate === 'PERCENTILE') return this.percentile(metric, value, label);
    return this.firstOrLast(value, aggregate === 'LAST');
  }

  private percentile(metric: SimpleAdhocMetric, value: string, label: string) {
    const { percentile } = metric;
    if (typeof percentile !== 'number' || !Number.isFinite(percentile) || percentile < 0 || percentile > 100) {
      throw invalidQuery(`The metric "${label}" needs a percentile between 0 and 100.`);
    }
    const fraction = percentile / 100;
    const aggregate = this.scope.engineSql.percentile(value, fraction);
    if (aggregate) return { sql: aggregate, windows: [] };
    const window = this.scope.engineSql.percentileWindow(value, fraction);
    if (!window) throw unsupportedOnEngine('PERCENTILE', this.scope.displayName);
    return this.windowed(window);
  }

  private firstOrLast(value: string, last: boolean) {
    if (this.timeSql === null) throw invalidQuery(FIRST_LAST_TIME_MESSAGE);
    const aggregate = this.scope.engineSql.ordered(value, this.timeSql, last);
    if (aggregate) return { sql: aggregate, windows: [] };
    return this.windowed(orderedWindow(value, this.timeSql, last));
  }

  /** The window's value is the same on every row of a group, so any aggregate of it gives it back. */
  private windowed(sql: string) {
    const alias = `__nz_window_${this.windowCount}`;
    this.windowCount += 1;
    return { sql: `MAX(${this.scope.dialect.quoteIdentifier(alias)})`, windows: [{ alias, sql }] };
  }
}
