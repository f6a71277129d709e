// The form data an annotation layer's query runs with: the source chart's saved form data, with the fields its
// `overrides` name taken from the annotated chart (Superset: a key present passes the annotated chart's value
// down, unless the override itself holds a value), and the annotated chart's dashboard filters.
import type { QueryFormData } from '@nezha/core';
import type { AnnotationLayer } from '../../charts/shared/annotations/annotation-layer';

function present(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '';
}

export function applyAnnotationOverrides(
  source: QueryFormData,
  annotated: Partial<QueryFormData>,
  overrides: AnnotationLayer['overrides'],
): QueryFormData {
  const next: QueryFormData = { ...source };
  const pick = (key: string, fallback: unknown) =>
    present(overrides[key as keyof typeof overrides]) ? overrides[key as keyof typeof overrides] : fallback;
  if ('time_range' in overrides) {
    next.time_range = pick('time_range', annotated.time_range) as string | null;
    // A time range taken over replaces the source's own bounds.
    delete next.since;
    delete next.until;
  }
  if ('granularity' in overrides) {
    const column = pick('granularity', annotated.granularity_sqla ?? annotated.granularity);
    next.granularity_sqla = (column ?? null) as string | null;
    next.granularity = (column ?? null) as string | null;
  }
  if ('time_grain_sqla' in overrides) {
    next.time_grain_sqla = pick('time_grain_sqla', annotated.time_grain_sqla) as string | null;
  }
  if (annotated.extra_filters && annotated.extra_filters.length > 0) next.extra_filters = annotated.extra_filters;
  return next;
}
