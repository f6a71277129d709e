// Switching the chart to another dataset: pick one, its metadata loads, the controls are remapped (spec §4).
import { Alert, Input, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { chartsActions } from '../../chart-data/charts-slice';
import Modal from '../../components/Modal';
import { addWarningToast } from '../../components/toasts/state/message-toasts';
import { type DatasetListItem, fetchDatasets } from '../../lists/dataset-api';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { fetchDatasourceMetadata } from '../api/explore-api';
import { exploreActions } from '../state/explore-slice';
import { loadSemanticLayer } from '../state/thunks/load-explore';

export default function ChangeDatasourceModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const current = useAppSelector((state) => state.explore.datasource);
  const [search, setSearch] = useState('');
  const [rows, setRows] = useState<DatasetListItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setLoading(true);
    fetchDatasets({
      filters: search ? [{ col: 'table_name', opr: 'ct', value: search }] : [],
      order_column: 'table_name',
      order_direction: 'asc',
      page: 0,
      page_size: 50,
    }).then(
      (body) => {
        if (!live) return;
        setRows(body.result);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!live) return;
        setError(isApiError(failure) ? failure.message : String(failure));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [search]);

  const choose = async (row: DatasetListItem) => {
    try {
      const datasource = await fetchDatasourceMetadata(`${row.id}__table`);
      dispatch(exploreActions.datasourceSwitched(datasource));
      dispatch(chartsActions.datasourcesSet());
      void dispatch(loadSemanticLayer(row.id));
      onClose();
    } catch (failure) {
      dispatch(addWarningToast(isApiError(failure) ? failure.message : String(failure)));
    }
  };

  return (
    <Modal open title={t('Change dataset')} onCancel={onClose} footer={null} width={640}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Input.Search allowClear placeholder={t('Search datasets')} onSearch={setSearch} style={{ marginBottom: 12 }} />
      <Table<DatasetListItem>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 360 }}
        onRow={(row) => ({ onClick: () => void choose(row), style: { cursor: 'pointer' } })}
        columns={[
          {
            key: 'name',
            title: t('Name'),
            render: (_value, row) => (
              <span>
                {row.table_name} {row.id === current?.id && <Tag color="blue">{t('current')}</Tag>}
              </span>
            ),
          },
          { key: 'schema', title: t('Schema'), dataIndex: 'schema', width: 120 },
          { key: 'database', title: t('Database'), render: (_value, row) => row.database.database_name, width: 140 },
        ]}
      />
    </Modal>
  );
}
