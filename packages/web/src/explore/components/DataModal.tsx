// "View results" (the chart's query results) and "Samples" (rows of the dataset, POST /datasource/samples).
import { Alert, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postChartData } from '../../chart-data/chart-data-api';
import { buildChartQuery } from '../../chart-data/run-chart-query';
import Modal from '../../components/Modal';
import { useAppSelector } from '../../store/hooks';
import { fetchSamples } from '../api/chart-api';
import { SAMPLES_FAILED } from '../state/messages';

interface DataModalProps {
  kind: 'results' | 'samples';
  onClose: () => void;
}

interface Rows {
  colnames: string[];
  data: Array<Record<string, unknown>>;
  total: number;
}

export default function DataModal({ kind, onClose }: DataModalProps) {
  const { t } = useTranslation();
  const formData = useAppSelector((state) => state.explore.form_data);
  const datasource = useAppSelector((state) => state.explore.datasource);
  const [rows, setRows] = useState<Rows | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const load = async (): Promise<Rows> => {
      if (kind === 'samples') {
        if (!datasource) throw new Error(SAMPLES_FAILED);
        const page = await fetchSamples(datasource.id, datasource.type);
        return { colnames: page.colnames, data: page.data, total: page.total_count };
      }
      const [first] = await postChartData(buildChartQuery(formData, { result_type: 'results' }));
      return { colnames: first?.colnames ?? [], data: first?.data ?? [], total: first?.rowcount ?? 0 };
    };
    load().then(
      (loaded) => live && setRows(loaded),
      (failure: unknown) =>
        live &&
        setError(kind === 'samples' ? SAMPLES_FAILED : failure instanceof Error ? failure.message : String(failure)),
    );
    return () => {
      live = false;
    };
  }, [kind, formData, datasource]);

  return (
    <Modal open title={kind === 'samples' ? t('Samples') : t('Results')} onCancel={onClose} footer={null} width={960}>
      {error && <Alert type="error" showIcon title={t(error)} />}
      {rows && (
        <Typography.Text type="secondary" data-test="data-modal-count">
          {t('{{count}} rows', { count: rows.total })}
        </Typography.Text>
      )}
      <Table
        data-test={`data-modal-${kind}`}
        size="small"
        loading={!rows && !error}
        rowKey={(_row, index) => String(index)}
        dataSource={rows?.data ?? []}
        scroll={{ x: 'max-content', y: 420 }}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        columns={(rows?.colnames ?? []).map((name) => ({
          key: name,
          title: name,
          dataIndex: name,
          render: (value: unknown) => (value === null || value === undefined ? <i>NULL</i> : String(value)),
        }))}
      />
    </Modal>
  );
}
