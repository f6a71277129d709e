// "Drill by" (chart behaviour DRILL_BY): the chart regrouped by another column of its dataset. Which form data
// key holds a viz type's dimensions is read from its control panel, so each plugin keeps that knowledge.
import type { QueryFormData } from '@nezha/core';
import type { ControlPanelConfig } from '../../charts/types';
import type { Datasource, DatasourceColumn } from '../../explore/api/types';

/** The form data key of the viz type's first dimension control (groupby, rows, columns…), not the x-axis. */
export function drillByDimensionKey(controlPanel: ControlPanelConfig): string | null {
  for (const section of controlPanel.sections) {
    for (const control of section.controls) {
      if ((control.type === 'groupby' || control.type === 'columns') && control.name !== 'x_axis') return control.name;
    }
  }
  return null;
}

const columnName = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.column_name === 'string') return record.column_name;
    if (typeof record.label === 'string') return record.label;
  }
  return null;
};

/** The columns the chart can be drilled by: groupable, not sensitive, not already a dimension or the x-axis. */
export function drillByColumns(
  datasource: Pick<Datasource, 'columns' | 'sensitive_columns'> | undefined,
  formData: QueryFormData,
  dimensionKey: string,
): DatasourceColumn[] {
  if (!datasource) return [];
  const current = formData[dimensionKey];
  const used = new Set(
    [...(Array.isArray(current) ? current : [current]), formData.x_axis]
      .map(columnName)
      .filter((name): name is string => name !== null),
  );
  const sensitive = new Set(datasource.sensitive_columns ?? []);
  return datasource.columns.filter(
    (column) => column.groupby !== false && !sensitive.has(column.column_name) && !used.has(column.column_name),
  );
}

/**
 * The drilled chart: the dimension replaced by the column, and each step of the drill path so far kept as a
 * filter on its column (a breadcrumb step is a column and the value the user picked on it).
 */
export function drillByFormData(
  formData: QueryFormData,
  dimensionKey: string,
  column: string,
  path: ReadonlyArray<{ column: string; value: unknown }> = [],
): QueryFormData {
  const filters = path.map((step) => ({
    expressionType: 'SIMPLE' as const,
    clause: 'WHERE' as const,
    subject: step.column,
    operator: step.value === null ? 'IS NULL' : '==',
    ...(step.value === null ? {} : { comparator: step.value }),
    isExtra: false,
    isNew: false,
    filterOptionName: `drill_by_${step.column}`,
  }));
  return {
    ...formData,
    [dimensionKey]: [column],
    adhoc_filters: [...(formData.adhoc_filters ?? []), ...filters],
  } as QueryFormData;
}

/** The drilled chart's limits when its own are unset (0 or missing means no limit): a drill never asks for all. */
export const DRILL_BY_ROW_LIMIT = 1000;
export const DRILL_BY_SERIES_LIMIT = 25;

const positive = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value > 0;

/**
 * A column picked to drill by may hold thousands of values: the drilled chart keeps the chart's own row limit and
 * series limit, and gets a bounded one where the chart had none.
 */
export function withDrillByLimits(formData: QueryFormData, controlPanel: ControlPanelConfig): QueryFormData {
  const controls = controlPanel.sections.flatMap((section) => section.controls);
  const has = (type: string) => controls.some((control) => control.type === type);
  const limited: QueryFormData = { ...formData };
  if (!positive(Number(formData.row_limit))) limited.row_limit = DRILL_BY_ROW_LIMIT;
  if (has('series_limit') && !positive(Number(formData.series_limit))) limited.series_limit = DRILL_BY_SERIES_LIMIT;
  return limited;
}

/** Temporal results arrive as epoch milliseconds; a filter compares with the engine's timestamp text. */
export function drillFilterValue(value: unknown, temporal: boolean): unknown {
  if (!temporal || typeof value !== 'number' || !Number.isFinite(value)) return value;
  return new Date(value).toISOString().slice(0, 19);
}

/** How a drilled value reads in the table and the breadcrumbs: dates without a midnight time, grouped digits. */
export function drillValueText(value: unknown, temporal: boolean): string {
  if (value === null || value === undefined) return 'N/A';
  if (temporal && (typeof value === 'number' || typeof value === 'string')) {
    // Timestamp text without a zone is UTC here, as drillFilterValue wrote it.
    const date = new Date(typeof value === 'string' && /T\d{2}:\d{2}:\d{2}$/.test(value) ? `${value}Z` : value);
    if (!Number.isNaN(date.getTime()))
      return date
        .toISOString()
        .slice(0, 19)
        .replace('T', ' ')
        .replace(/ 00:00:00$/, '');
  }
  if (typeof value === 'number') return value.toLocaleString('en-US', { maximumFractionDigits: 6 });
  return String(value);
}
