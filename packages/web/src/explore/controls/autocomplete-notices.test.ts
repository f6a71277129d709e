import { type AutocompleteCacheState, autocompletePlan } from '@nezha/core';
import { describe, expect, it } from 'vitest';
import {
  COLUMN_DISABLED_NOTICE,
  pickerNotice,
  SERVICE_ERROR_NOTICE,
  SERVICE_NOT_READY_NOTICE,
  TABLE_DISABLED_NOTICE,
} from './autocomplete-notices';

const NOW = Date.UTC(2024, 5, 1);
const cache = (state: AutocompleteCacheState['state'], over: Partial<AutocompleteCacheState> = {}) =>
  ({ state, card: 3, stale_threshold: 1, updating: false, last_ingestion_time: NOW - 1000, ...over }) as const;

describe('the value picker for each autocomplete cache state', () => {
  it('suggests quietly on an enabled column, re-warming it when the count is a day old', () => {
    expect(pickerNotice(autocompletePlan(cache('COLUMN_ENABLED'), NOW))).toBeNull();
    const old = autocompletePlan(cache('COLUMN_ENABLED', { last_ingestion_time: NOW - 86_400_000 }), NOW);
    expect(old).toMatchObject({ suggest: true, warm: true });
  });

  it('shows the error after the retried warm-up failed, and the warning while the first one runs', () => {
    expect(pickerNotice(autocompletePlan(cache('SERVICE_ERROR'), NOW, true))).toEqual({
      type: 'error',
      text: SERVICE_ERROR_NOTICE,
    });
    expect(pickerNotice(autocompletePlan(cache('SERVICE_NOT_READY', { updating: true }), NOW))).toEqual({
      type: 'warning',
      text: SERVICE_NOT_READY_NOTICE,
    });
  });

  it('says suggestions are off for a column or a dataset, and asks for none', () => {
    const column = autocompletePlan(cache('COLUMN_DISABLED'), NOW);
    expect(column.suggest).toBe(false);
    expect(pickerNotice(column)).toEqual({ type: 'info', text: COLUMN_DISABLED_NOTICE });
    const table = autocompletePlan(cache('TABLE_DISABLED'), NOW);
    expect(table.suggest).toBe(false);
    expect(pickerNotice(table)).toEqual({ type: 'info', text: TABLE_DISABLED_NOTICE });
  });
});
