// Jinja in a chart query's SQL fragments (adhoc metrics and columns, WHERE/HAVING extras), rendered with SQL Lab's
// sandboxed renderer and Superset's chart template context (time_grain, filter_values over the query's filters, …).
import type { QueryObject } from '@nezha/core';
import type { EngineName } from '../engines/types.js';
import { renderTemplate } from '../sql/index.js';
import { parseTemplateParams, type TemplateFilter, type TemplateUser } from '../sql/template.js';
import { queryTimeBounds } from './compile/time.js';

export interface FragmentTemplateInput {
  engine: EngineName;
  user: TemplateUser;
  /** The dataset's own template parameters (JSON text), below the chart's values. */
  datasetParams: string | null;
  /** form_data.url_params, for url_param(). */
  urlParams: Record<string, string>;
  now: Date;
}

/** Python's str(datetime), which is how Superset's from_dttm and to_dttm print in a template. */
function pythonDateTime(date: Date | null | undefined): string | null {
  return date ? date.toISOString().slice(0, 19).replace('T', ' ') : null;
}

/** The query's simple filters as the filter macros read them (adhoc filter columns have no name to match). */
function templateFilters(query: QueryObject): TemplateFilter[] {
  return (query.filters ?? [])
    .filter((filter) => typeof filter.col === 'string')
    .map((filter) => ({ col: filter.col, op: filter.op, val: filter.val ?? null }));
}

/** Superset's chart template kwargs (`get_sqla_query`'s template_kwargs). */
function chartTemplateValues(query: QueryObject, now: Date): Record<string, unknown> {
  let bounds: ReturnType<typeof queryTimeBounds> = null;
  try {
    bounds = queryTimeBounds(query, now, null);
  } catch {
    // A malformed range fails the query when compiled, with its own message.
  }
  return {
    columns: query.columns ?? [],
    groupby: query.columns ?? [],
    metrics: query.metrics ?? [],
    row_limit: query.row_limit ?? null,
    row_offset: query.row_offset ?? null,
    time_column: query.granularity ?? null,
    time_grain: query.extras?.time_grain_sqla ?? null,
    from_dttm: pythonDateTime(bounds?.since),
    to_dttm: pythonDateTime(bounds?.until),
    filter: templateFilters(query),
  };
}

/** The renderer of one query's fragments. */
export function fragmentRenderer(input: FragmentTemplateInput, query: QueryObject): (sql: string) => string {
  const templateParams = { ...parseTemplateParams(input.datasetParams), ...chartTemplateValues(query, input.now) };
  const filters = templateFilters(query);
  return (sql) =>
    renderTemplate(sql, {
      engine: input.engine,
      templateParams,
      user: input.user,
      urlParams: input.urlParams,
      filters,
    });
}
