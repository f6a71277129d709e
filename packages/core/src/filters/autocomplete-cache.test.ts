import { describe, expect, it } from 'vitest';
import {
  AUTOCOMPLETE_STALE_THRESHOLD_MS,
  type AutocompleteCacheState,
  autocompletePlan,
  isAutocompleteStale,
} from './autocomplete-cache.js';

const NOW = Date.UTC(2024, 5, 1, 12);
const state = (over: Partial<AutocompleteCacheState>): AutocompleteCacheState => ({
  state: 'COLUMN_ENABLED',
  card: 10,
  stale_threshold: 1,
  updating: false,
  last_ingestion_time: NOW - 1000,
  ...over,
});

describe('isAutocompleteStale', () => {
  it('is stale from exactly one day (86,400,000 ms) after the last warm-up, and when never warmed', () => {
    expect(AUTOCOMPLETE_STALE_THRESHOLD_MS).toBe(86_400_000);
    expect(isAutocompleteStale(state({ last_ingestion_time: NOW - 86_399_999 }), NOW)).toBe(false);
    expect(isAutocompleteStale(state({ last_ingestion_time: NOW - 86_400_000 }), NOW)).toBe(true);
    expect(isAutocompleteStale(state({ last_ingestion_time: null }), NOW)).toBe(true);
  });

  it('follows a threshold of several days, and falls back to one day on a bad one', () => {
    expect(isAutocompleteStale(state({ stale_threshold: 2, last_ingestion_time: NOW - 100_000_000 }), NOW)).toBe(false);
    expect(isAutocompleteStale(state({ stale_threshold: 0, last_ingestion_time: NOW - 86_400_000 }), NOW)).toBe(true);
  });
});

describe('autocompletePlan', () => {
  it('suggests from a fresh enabled column without warming it', () => {
    expect(autocompletePlan(state({}), NOW)).toEqual({ suggest: true, warm: false, notice: null });
  });

  it('re-warms a stale or never-warmed column once, unless a warm-up is running', () => {
    const stale = state({ last_ingestion_time: NOW - 2 * 86_400_000 });
    expect(autocompletePlan(stale, NOW)).toEqual({ suggest: true, warm: true, notice: null });
    expect(autocompletePlan(state({ last_ingestion_time: null }), NOW).warm).toBe(true);
    expect(autocompletePlan(stale, NOW, true).warm).toBe(false);
    expect(autocompletePlan({ ...stale, updating: true }, NOW).warm).toBe(false);
  });

  it('retries a failed warm-up once, then shows the service error and stops loading', () => {
    const failed = state({ state: 'SERVICE_ERROR' });
    expect(autocompletePlan(failed, NOW)).toEqual({ suggest: false, warm: true, notice: null });
    expect(autocompletePlan(failed, NOW, true)).toEqual({
      suggest: false,
      warm: false,
      notice: { kind: 'service_error', type: 'error' },
    });
  });

  it('warns while the first warm-up runs, and says when suggestions are off for the column or dataset', () => {
    expect(autocompletePlan(state({ state: 'SERVICE_NOT_READY', updating: true }), NOW)).toEqual({
      suggest: false,
      warm: false,
      notice: { kind: 'service_not_ready', type: 'warning' },
    });
    expect(autocompletePlan(state({ state: 'COLUMN_DISABLED', last_ingestion_time: null }), NOW)).toEqual({
      suggest: false,
      warm: false,
      notice: { kind: 'column_disabled', type: 'info' },
    });
    expect(autocompletePlan(state({ state: 'TABLE_DISABLED' }), NOW).notice).toEqual({
      kind: 'table_disabled',
      type: 'info',
    });
  });

  it('suggests as usual when the state could not be read', () => {
    expect(autocompletePlan(null, NOW)).toEqual({ suggest: true, warm: false, notice: null });
  });
});
