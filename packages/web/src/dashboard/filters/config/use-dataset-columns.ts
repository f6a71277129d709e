// Datasets a filter can target (GET /api/v1/dataset/) and the columns and metrics of the chosen one.
import { useEffect, useState } from 'react';
import type { Datasource } from '../../../explore/api/types';
import { fetchDatasets } from '../../../lists/dataset-api';
import { useAppDispatch } from '../../../store/hooks';
import { filterDataApi } from '../filter-data-api';

export interface DatasetOption {
  value: number;
  label: string;
}

export function useDatasetOptions(): DatasetOption[] {
  const [options, setOptions] = useState<DatasetOption[]>([]);
  useEffect(() => {
    fetchDatasets({ order_column: 'table_name', order_direction: 'asc', page: 0, page_size: 100 }).then(
      (body) => setOptions(body.result.map((dataset) => ({ value: dataset.id, label: dataset.table_name }))),
      () => setOptions([]),
    );
  }, []);
  return options;
}

/** The dataset's columns and metrics, read once per session through the store (filter-data-api.ts). */
export function useDatasource(datasetId: number | undefined): Datasource | null {
  const dispatch = useAppDispatch();
  const [datasource, setDatasource] = useState<Datasource | null>(null);
  useEffect(() => {
    if (!datasetId) {
      setDatasource(null);
      return;
    }
    let live = true;
    dispatch(filterDataApi.endpoints.datasetMetadata.initiate(datasetId, { subscribe: false }))
      .unwrap()
      .then(
        (found) => live && setDatasource(found),
        () => live && setDatasource(null),
      );
    return () => {
      live = false;
    };
  }, [dispatch, datasetId]);
  return datasource;
}
