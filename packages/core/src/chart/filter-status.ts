// Which filters a chart query applied and which it left out, and why (Superset's ExtraFiltersReasonType), as the
// chart data API answers them and the chart header shows them.

/** Why a filter was not applied to a chart's query. */
export const FILTER_REJECTION_REASONS = ['not_in_datasource', 'no_temporal_column', 'not_filterable'] as const;
export type FilterRejectionReason = (typeof FILTER_REJECTION_REASONS)[number];

export interface AppliedFilterStatus {
  column: string;
}

export interface RejectedFilterStatus {
  column: string;
  reason: FilterRejectionReason;
}

const REASON_TEXT: Record<FilterRejectionReason, string> = {
  not_in_datasource: "The chart's dataset has no such column",
  no_temporal_column: "The chart's dataset has no time column",
  not_filterable: 'The column cannot be filtered',
};

/** The time pseudo-columns of `applied_filters`/`rejected_filters` by their names in the filter bar. */
const TIME_COLUMN_LABELS: Record<string, string> = {
  __time_range: 'Time range',
  __time_col: 'Time column',
  __time_grain: 'Time grain',
};

export function rejectionReasonText(reason: string): string {
  return (REASON_TEXT as Record<string, string>)[reason] ?? reason;
}

export function filterStatusLabel(column: string): string {
  return TIME_COLUMN_LABELS[column] ?? column;
}

/** The rejected filters of every query of a chart, once each. */
export function rejectedFiltersOf(
  responses: ReadonlyArray<{ rejected_filters?: ReadonlyArray<{ column: string; reason: string }> | undefined }> | null,
): Array<{ column: string; reason: string }> {
  const seen = new Map<string, { column: string; reason: string }>();
  for (const response of responses ?? []) {
    for (const filter of response.rejected_filters ?? []) seen.set(`${filter.column}\u0000${filter.reason}`, filter);
  }
  return [...seen.values()];
}
