// The left bar's lists (catalogs, schemas, tables) and tables' columns, fetched once per key and cached.
import type { TableMetadata } from '@nezha/core';
import { useCallback, useEffect, useState } from 'react';
import { fetchCatalogs, fetchSchemas, fetchTableMetadata, fetchTables } from '../api';
import type { TableListItem } from '../api/types';

const cache = new Map<string, Promise<unknown>>();

function cached<T>(key: string, fetcher: () => Promise<T>, force = false): Promise<T> {
  const hit = cache.get(key);
  if (hit && !force) return hit as Promise<T>;
  const promise = fetcher();
  cache.set(key, promise);
  // A failure is not kept: the next ask tries again.
  promise.catch(() => {
    if (cache.get(key) === promise) cache.delete(key);
  });
  return promise;
}

export interface Fetched<T> {
  data: T | undefined;
  loading: boolean;
  refresh: () => void;
}

/** Fetches `key` with `fetcher` (null key: nothing); refresh asks the server again with force. */
function useCached<T>(key: string | null, fetcher: (force: boolean) => Promise<T>): Fetched<T> {
  const [state, setState] = useState<{ key: string | null; data: T | undefined; loading: boolean }>({
    key: null,
    data: undefined,
    loading: false,
  });
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key says what the fetcher fetches.
  useEffect(() => {
    if (key === null) {
      setState({ key, data: undefined, loading: false });
      return undefined;
    }
    let live = true;
    setState((previous) => ({ key, data: previous.key === key ? previous.data : undefined, loading: true }));
    cached(key, () => fetcher(version > 0), version > 0).then(
      (data) => live && setState({ key, data, loading: false }),
      () => live && setState({ key, data: undefined, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [key, version]);
  const refresh = useCallback(() => setVersion((value) => value + 1), []);
  return { data: state.key === key ? state.data : undefined, loading: state.loading, refresh };
}

export function useCatalogs(dbId: number | null | undefined, multiCatalog: boolean): Fetched<string[]> {
  const key = dbId && multiCatalog ? `catalogs|${dbId}` : null;
  return useCached(key, () => fetchCatalogs(dbId as number));
}

export function useSchemas(dbId: number | null | undefined, catalog: string | null | undefined): Fetched<string[]> {
  const key = dbId ? `schemas|${dbId}|${catalog ?? ''}` : null;
  return useCached(key, (force) => fetchSchemas(dbId as number, catalog, force));
}

export function useTables(
  dbId: number | null | undefined,
  catalog: string | null | undefined,
  schema: string | null | undefined,
): Fetched<TableListItem[]> {
  const key = dbId && schema ? `tables|${dbId}|${catalog ?? ''}|${schema}` : null;
  return useCached(key, async (force) => (await fetchTables(dbId as number, schema ?? null, catalog, force)).result);
}

/** A table's metadata, shared by the completion and anything else that asks for the same table. */
export function tableMetadata(
  dbId: number,
  name: string,
  schema: string | null | undefined,
  catalog: string | null | undefined,
): Promise<TableMetadata> {
  return cached(`metadata|${dbId}|${catalog ?? ''}|${schema ?? ''}|${name}`, () =>
    fetchTableMetadata(dbId, name, schema, catalog),
  );
}
