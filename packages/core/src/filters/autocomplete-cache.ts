// The filter editor's autocomplete cache (spec §4 "Autocomplete cache", §8, §9): what a column's cache state means
// for the value picker — ask for suggestions, warm the column's counts again, or show a notice instead.

export const AUTOCOMPLETE_CACHE_STATES = [
  'SERVICE_ERROR',
  'SERVICE_NOT_READY',
  'COLUMN_ENABLED',
  'COLUMN_DISABLED',
  'TABLE_DISABLED',
] as const;
export type AutocompleteCacheStateName = (typeof AUTOCOMPLETE_CACHE_STATES)[number];

/** GET /nezha/filter/{type}/{id}/{column}/cache/check/ and POST /api/v1/query/column_values/caching/ answer this. */
export interface AutocompleteCacheState {
  state: AutocompleteCacheStateName;
  /** Distinct values counted by the last warm-up. */
  card: number | null;
  /** Days after which the last warm-up is stale. */
  stale_threshold: number;
  /** A warm-up is running. */
  updating: boolean;
  /** Epoch ms of the last successful warm-up. */
  last_ingestion_time: number | null;
}

/** One day: a warm-up older than this is redone. */
export const AUTOCOMPLETE_STALE_THRESHOLD_MS = 86_400_000;

export type AutocompleteNotice = 'service_error' | 'service_not_ready' | 'column_disabled' | 'table_disabled';

export interface AutocompletePlan {
  /** Ask the server for suggestions. */
  suggest: boolean;
  /** POST column_values/caching/ to count the column's values again. */
  warm: boolean;
  /** What the picker says instead of (or besides) suggesting; null: nothing. */
  notice: { kind: AutocompleteNotice; type: 'error' | 'warning' | 'info' } | null;
}

/** The threshold in ms: the state's days when it gives a positive number, else one day. */
export function staleThresholdMs(state: Pick<AutocompleteCacheState, 'stale_threshold'>): number {
  const days = state.stale_threshold;
  return Number.isFinite(days) && days > 0 ? days * AUTOCOMPLETE_STALE_THRESHOLD_MS : AUTOCOMPLETE_STALE_THRESHOLD_MS;
}

/** Never warmed, or warmed at least the threshold ago. */
export function isAutocompleteStale(state: AutocompleteCacheState, now: number): boolean {
  if (state.last_ingestion_time === null) return true;
  return now - state.last_ingestion_time >= staleThresholdMs(state);
}

/**
 * The picker's course for a cache state read at `now`. `warmedAlready`: this editor has already warmed the column
 * once (its answer is the state), so a failing warm-up is not retried in a loop. An unreadable state (null)
 * suggests as usual: a failed value fetch then leaves an empty list (spec §8).
 */
export function autocompletePlan(
  state: AutocompleteCacheState | null,
  now: number,
  warmedAlready = false,
): AutocompletePlan {
  if (!state) return { suggest: true, warm: false, notice: null };
  switch (state.state) {
    case 'SERVICE_ERROR':
      // The last warm-up failed: an editor opening the column tries once more, then says so and stops loading.
      return {
        suggest: false,
        warm: !warmedAlready && !state.updating,
        notice: warmedAlready || state.updating ? { kind: 'service_error', type: 'error' } : null,
      };
    case 'SERVICE_NOT_READY':
      return { suggest: false, warm: false, notice: { kind: 'service_not_ready', type: 'warning' } };
    case 'COLUMN_DISABLED':
      return { suggest: false, warm: false, notice: { kind: 'column_disabled', type: 'info' } };
    case 'TABLE_DISABLED':
      return { suggest: false, warm: false, notice: { kind: 'table_disabled', type: 'info' } };
    default:
      return {
        suggest: true,
        warm: !warmedAlready && !state.updating && isAutocompleteStale(state, now),
        notice: null,
      };
  }
}
