// The store's cache of native filter data: identical option queries share one answer for a minute, failures are
// not kept, and a dataset's metadata is read once per session.
import { configureStore } from '@reduxjs/toolkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postChartData } from '../../chart-data/chart-data-api';
import { fetchDatasourceMetadata } from '../../explore/api/explore-api';
import type { Datasource } from '../../explore/api/types';
import { fixtureFilter } from '../state/test-fixtures';
import { filterDataApi, OPTIONS_TTL_MS } from './filter-data-api';
import { fetchRangeBounds, fetchSelectOptions } from './filter-options';

vi.mock('../../chart-data/chart-data-api', () => ({ postChartData: vi.fn() }));
vi.mock('../../explore/api/explore-api', () => ({ fetchDatasourceMetadata: vi.fn() }));

const post = vi.mocked(postChartData);
const metadata = vi.mocked(fetchDatasourceMetadata);

function makeStore() {
  return configureStore({
    reducer: { [filterDataApi.reducerPath]: filterDataApi.reducer },
    middleware: (getDefault) => getDefault().concat(filterDataApi.middleware),
  });
}

const rows = (...values: string[]) => [{ data: values.map((weather) => ({ weather })) }];

describe('filter data in the store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    post.mockReset();
    metadata.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('the same options asked twice at once (a remount) share one request; the answer sits in the store', async () => {
    const store = makeStore();
    post.mockResolvedValue(rows('sun', 'rain'));
    const [first, second] = await Promise.all([
      store.dispatch(fetchSelectOptions(fixtureFilter(), 7, {})),
      store.dispatch(fetchSelectOptions(fixtureFilter(), 7, {})),
    ]);
    expect(first).toEqual(['sun', 'rain']);
    expect(second).toEqual(['sun', 'rain']);
    expect(post).toHaveBeenCalledTimes(1);
    const entries = Object.values(store.getState().filterData.queries);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ status: 'fulfilled', data: [{ weather: 'sun' }, { weather: 'rain' }] });
  });

  it('within the minute a remount reads the kept answer; after it the options are asked again', async () => {
    const store = makeStore();
    post.mockResolvedValueOnce(rows('sun')).mockResolvedValueOnce(rows('sun', 'snow'));
    expect(await store.dispatch(fetchSelectOptions(fixtureFilter(), 7, {}))).toEqual(['sun']);
    vi.advanceTimersByTime(OPTIONS_TTL_MS - 1_000);
    expect(await store.dispatch(fetchSelectOptions(fixtureFilter(), 7, {}))).toEqual(['sun']);
    expect(post).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(await store.dispatch(fetchSelectOptions(fixtureFilter(), 7, {}))).toEqual(['sun', 'snow']);
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('other cascade values are another query', async () => {
    const store = makeStore();
    post.mockResolvedValue(rows('sun'));
    await store.dispatch(fetchSelectOptions(fixtureFilter(), 7, {}));
    await store.dispatch(
      fetchSelectOptions(fixtureFilter(), 7, { filters: [{ col: 'location', op: 'IN', val: ['Seattle'] }] }),
    );
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('a failed query rejects with its message and is asked again next time', async () => {
    const store = makeStore();
    post.mockRejectedValueOnce(new Error('Network error')).mockResolvedValueOnce(rows('sun'));
    await expect(store.dispatch(fetchSelectOptions(fixtureFilter(), 7, {}))).rejects.toBe('Network error');
    expect(await store.dispatch(fetchSelectOptions(fixtureFilter(), 7, {}))).toEqual(['sun']);
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('range bounds come from the kept min/max row', async () => {
    const store = makeStore();
    post.mockResolvedValue([{ data: [{ min: 2, max: 40 }] }]);
    const range = fixtureFilter('R', {
      filterType: 'filter_range',
      targets: [{ datasetId: 1, column: { name: 't' } }],
    });
    expect(await store.dispatch(fetchRangeBounds(range, 7, {}))).toEqual([2, 40]);
    expect(await store.dispatch(fetchRangeBounds(range, 7, {}))).toEqual([2, 40]);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('a filter without a dataset asks nothing', async () => {
    const store = makeStore();
    const loose = fixtureFilter('L', { targets: [{ column: { name: 'weather' } }] });
    expect(await store.dispatch(fetchSelectOptions(loose, 7, {}))).toEqual([]);
    expect(await store.dispatch(fetchRangeBounds(loose, 7, {}))).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it("a dataset's metadata is read once for the session; a failure is not kept", async () => {
    const store = makeStore();
    const datasource = { id: 3, columns: [], metrics: [] } as unknown as Datasource;
    metadata.mockRejectedValueOnce(new Error('Not found')).mockResolvedValue(datasource);
    const read = () =>
      store.dispatch(filterDataApi.endpoints.datasetMetadata.initiate(3, { subscribe: false })).unwrap();
    await expect(read()).rejects.toBe('Not found');
    expect(await read()).toEqual(datasource);
    vi.advanceTimersByTime(60 * 60_000);
    expect(await read()).toEqual(datasource);
    expect(metadata).toHaveBeenCalledTimes(2);
    expect(metadata).toHaveBeenCalledWith('3__table');
  });
});
