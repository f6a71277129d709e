// The form data an annotation layer's query runs with: the source chart's saved form data, with the fields its
// `overrides` name taken from the annotated chart (Superset: a key present passes the annotated chart's value
// down, unless the override itself holds a value), and the annotated chart's dashboard filters.
import type { QueryFormData } from '@nezha/core';
import type { AnnotationLayer, OverrideKey } from '../../charts/shared/annotations/annotation-layer';

function present(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '';
}

export function applyAnnotationOverrides(
  source: QueryFormData,
  annotated: Partial<QueryFormData>,
  overrides: AnnotationLayer['overrides'],
): QueryFormData {
  const next: QueryFormData = { ...source };
  const pick = (key: OverrideKey, fallback: unknown) => (present(overrides[key]) ? overrides[key] : fallback);
  if ('time_range' in overrides) {
    next.time_range = pick('time_range', annotated.time_range) as string | null;
    // A time range taken over replaces the source's own bounds.
    delete next.since;
    delete next.until;
  }
  if ('granularity' in overrides) {
    // Time series charts name their time column as the x-axis.
    const axis = typeof annotated.x_axis === 'string' ? annotated.x_axis : null;
    const column = pick('granularity', annotated.granularity_sqla ?? axis ?? annotated.granularity);
    next.granularity_sqla = (column ?? null) as string | null;
    next.granularity = (column ?? null) as string | null;
  }
  if ('time_grain_sqla' in overrides) {
    next.time_grain_sqla = pick('time_grain_sqla', annotated.time_grain_sqla) as string | null;
  }
  if (annotated.extra_filters && annotated.extra_filters.length > 0) next.extra_filters = annotated.extra_filters;
  return next;
}
