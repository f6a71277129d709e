// Control validation with core's validators and the spec's messages (§5): by validator name and by control type.
import {
  validateColor,
  validateEntity,
  validateInteger,
  validateMetrics,
  validateNonEmpty,
  validateOrderby,
  validateRowLimit,
  validateSeriesLimit,
  validateTimeGrain,
  validateTimeGrainForRange,
  validateTimeRange,
} from '@nezha/core';
import type { ControlConfig } from '../../charts/types';
import { t } from '../../i18n/i18n';
import {
  type SemanticValidationContext,
  validateCalculatedMeasures,
  validateColumnExpression,
  validateMeasureDefinitions,
} from './semantic-validation';

export interface ValidationContext extends SemanticValidationContext {
  /** SQL_MAX_ROW of the server, when configured. */
  sqlMaxRow?: number | null;
  /** What the current time range resolves to (GET /api/v1/time_range/), as ISO strings. */
  timeRangeBounds?: { since: string | null; until: string | null } | null;
}

type Validator = (value: unknown, context: ValidationContext) => string | null;

const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];

/** Validator names a control panel may use; the `validate…` spellings of Superset are accepted too. */
const VALIDATORS: Record<string, Validator> = {
  nonEmpty: validateNonEmpty,
  required: validateNonEmpty,
  metrics: validateMetrics,
  entity: validateEntity,
  timeGrain: validateTimeGrain,
  timeRange: validateTimeRange,
  integer: validateInteger,
  rowLimit: (value, context) => validateRowLimit(value, context.sqlMaxRow),
  seriesLimit: validateSeriesLimit,
  color: (value) => (value === null || value === undefined || value === '' ? null : validateColor(value)),
  orderby: (value) => validateOrderby(asList(value)),
  measures: validateMeasureDefinitions,
  calculatedMeasures: validateCalculatedMeasures,
  expression: validateColumnExpression,
};

function validatorNamed(name: string): Validator | undefined {
  const key = name.replace(/^validate/, '');
  return VALIDATORS[key] ?? VALIDATORS[key.charAt(0).toLowerCase() + key.slice(1)];
}

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value.includes('T') ? value : `${value}T00:00:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Rules every control of a type follows, whatever its panel declares. */
const TYPE_RULES: Partial<Record<ControlConfig['type'], Validator>> = {
  row_limit: (value, context) => validateRowLimit(value, context.sqlMaxRow),
  series_limit: validateSeriesLimit,
  time_grain: (value, context) => {
    const bounds = context.timeRangeBounds;
    if (typeof value !== 'string' || !bounds) return null;
    return validateTimeGrainForRange(value, toDate(bounds.since), toDate(bounds.until));
  },
};

/** The control's messages, first the declared validators, then its type's rule; duplicates dropped. */
export function validateControl(config: ControlConfig, value: unknown, context: ValidationContext = {}): string[] {
  const messages: string[] = [];
  for (const name of config.validators ?? []) {
    const message = validatorNamed(name)?.(value, context);
    if (message) messages.push(message);
  }
  const typeMessage = TYPE_RULES[config.type]?.(value, context);
  if (typeMessage) messages.push(typeMessage);
  return [...new Set(messages)];
}

/** How the Run button and the panel say it: 'Control labeled "Metrics" cannot be empty'. */
export function describeValidationError(label: string, messages: readonly string[]): string {
  return t('Control labeled "{{label}}" {{messages}}', {
    label,
    messages: messages.map((message) => t(message)).join(' '),
  });
}

export interface TimeRangeSources {
  /** The explicit time column (granularity_sqla). */
  timeColumn: unknown;
  /** The x-axis control's value. */
  xAxis: unknown;
  /** The dataset's default time column. */
  mainDttmCol: string | null | undefined;
  /** The dataset's temporal columns. */
  temporalColumns: readonly string[];
}

/**
 * The column the server applies the time range to (compile/time-range-column.ts): the explicit time column, else
 * a temporal x-axis, else the dataset's default time column; null when there is none.
 */
export function timeRangeColumn(sources: TimeRangeSources): string | null {
  const { timeColumn, xAxis, mainDttmCol, temporalColumns } = sources;
  if (typeof timeColumn === 'string' && timeColumn !== '') return timeColumn;
  const axis =
    typeof xAxis === 'string'
      ? xAxis
      : typeof xAxis === 'object' && xAxis !== null && (xAxis as { isColumnReference?: unknown }).isColumnReference
        ? (xAxis as { sqlExpression?: unknown }).sqlExpression
        : undefined;
  if (typeof axis === 'string' && temporalColumns.includes(axis)) return axis;
  return mainDttmCol && temporalColumns.includes(mainDttmCol) ? mainDttmCol : null;
}

/** A time range other than 'No filter' that no column can take: the query applies it to nothing (spec §2). */
export function timeRangeFiltersNothing(sources: TimeRangeSources, timeRange: unknown): boolean {
  const range = typeof timeRange === 'string' && timeRange !== '' && timeRange !== 'No filter';
  return range && timeRangeColumn(sources) === null;
}
