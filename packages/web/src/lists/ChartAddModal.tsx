// "+ Chart" (Superset's /chart/add): 1. choose a dataset, 2. choose a chart type in the gallery; explore then opens
// on both. A double-click in the gallery opens explore at once when a dataset is chosen.
import { Button, Select, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Modal from '../components/Modal';
import PageSpinner from '../components/PageSpinner';
import { type DatasetListItem, fetchDatasets } from './dataset-api';

// The gallery reads the chart registry: both load with the dialog, never with the list page.
const VizTypeGallery = lazy(async () => {
  const [{ registerAllCharts }, gallery] = await Promise.all([
    import('../charts'),
    import('../charts/picker/VizTypeGallery'),
  ]);
  registerAllCharts();
  return gallery;
});

const DEFAULT_VIZ_TYPE = 'table';

export default function ChartAddModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [datasets, setDatasets] = useState<DatasetListItem[]>([]);
  const [datasetId, setDatasetId] = useState<number | null>(null);
  const [vizType, setVizType] = useState<string | null>(DEFAULT_VIZ_TYPE);

  useEffect(() => {
    let live = true;
    // The options read "schema.table": a typed schema prefix is not part of the table's name.
    const table = search.slice(search.lastIndexOf('.') + 1).trim();
    fetchDatasets({
      filters: table ? [{ col: 'table_name', opr: 'ct', value: table }] : [],
      order_column: 'table_name',
      order_direction: 'asc',
      page: 0,
      page_size: 50,
    }).then(
      (body) => live && setDatasets(body.result),
      () => live && setDatasets([]),
    );
    return () => {
      live = false;
    };
  }, [search]);

  const open = (dataset: number | null, chosen: string | null) => {
    if (dataset === null || !chosen) return;
    navigate(`/explore/?datasource_type=table&datasource_id=${dataset}&viz_type=${encodeURIComponent(chosen)}`);
  };
  const ready = datasetId !== null && !!vizType;

  return (
    <Modal
      open
      centered
      width="min(1140px, 96vw)"
      title={t('Create a new chart')}
      onCancel={onClose}
      footer={
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, justifyContent: 'flex-end' }}>
          {!ready && (
            <Typography.Text type="secondary" data-test="chart-add-hint">
              {datasetId === null
                ? t('Please select both a Dataset and a Chart type to proceed')
                : t('Please select a Chart type to proceed')}
            </Typography.Text>
          )}
          <Button onClick={onClose}>{t('Cancel')}</Button>
          <Button
            type="primary"
            disabled={!ready}
            onClick={() => open(datasetId, vizType)}
            data-test="chart-add-create"
          >
            {t('Create new chart')}
          </Button>
        </div>
      }
    >
      <div data-test="chart-add-modal" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <section>
          <Typography.Title level={5} style={{ margin: '0 0 6px' }}>
            {t('Choose a dataset')}
          </Typography.Title>
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            placeholder={t('Choose a dataset')}
            value={datasetId ?? undefined}
            onChange={(id: number) => setDatasetId(id)}
            options={datasets.map((dataset) => ({
              value: dataset.id,
              label: dataset.schema ? `${dataset.schema}.${dataset.table_name}` : dataset.table_name,
            }))}
            style={{ width: 'min(420px, 100%)' }}
            data-test="chart-add-dataset"
          />
        </section>
        <section>
          <Typography.Title level={5} style={{ margin: '0 0 6px' }}>
            {t('Choose chart type')}
          </Typography.Title>
          <Suspense fallback={<PageSpinner />}>
            <VizTypeGallery
              selected={vizType}
              onSelect={setVizType}
              onConfirm={(chosen) => {
                setVizType(chosen);
                open(datasetId, chosen);
              }}
              height="min(480px, calc(100vh - 330px))"
            />
          </Suspense>
        </section>
      </div>
    </Modal>
  );
}
