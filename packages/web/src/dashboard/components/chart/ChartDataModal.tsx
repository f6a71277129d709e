// The chart menu's dialogs: view query (result_type "query") and view results (result_type "results"); drill to
// detail is components/chart-context-menu/DrillDetailModal.
import { CopyOutlined } from '@ant-design/icons';
import type { QueryFormData } from '@nezha/core';
import { Alert, Button, Spin, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postChartData } from '../../../chart-data/chart-data-api';
import Modal from '../../../components/Modal';
import { addSuccessToast } from '../../../components/toasts/state/message-toasts';
import { SAMPLES_FAILED, SQL_LOAD_FAILED } from '../../../explore/state/messages';
import { COPY_SUCCESS_MESSAGE, copyTextToClipboard } from '../../../sqllab/components/copy-to-clipboard';
import { useAppDispatch } from '../../../store/hooks';
import { dashboardChartQuery } from '../../state/thunks/chart-data';

export type ChartDataKind = 'query' | 'results';

interface Rows {
  colnames: string[];
  data: Array<Record<string, unknown>>;
  total: number;
}

async function load(kind: ChartDataKind, formData: QueryFormData): Promise<string | Rows> {
  if (kind === 'query') {
    const result = await postChartData({ ...dashboardChartQuery(formData, undefined, false), result_type: 'query' });
    return result.map((query) => query.query ?? '').join(';\n\n');
  }
  const [first] = await postChartData({ ...dashboardChartQuery(formData, undefined, false), result_type: 'results' });
  return { colnames: first?.colnames ?? [], data: first?.data ?? [], total: first?.rowcount ?? 0 };
}

interface Props {
  kind: ChartDataKind;
  formData: QueryFormData;
  onClose: () => void;
}

export default function ChartDataModal({ kind, formData, onClose }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [content, setContent] = useState<string | Rows | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    load(kind, formData).then(
      (loaded) => live && setContent(loaded),
      (failure: unknown) =>
        live &&
        setError(
          kind === 'query'
            ? SQL_LOAD_FAILED
            : failure instanceof Error && failure.message
              ? failure.message
              : SAMPLES_FAILED,
        ),
    );
    return () => {
      live = false;
    };
  }, [kind, formData]);

  const heading = {
    query: t('View query'),
    results: t('View results'),
  }[kind];
  return (
    <Modal
      open
      title={heading}
      onCancel={onClose}
      footer={null}
      width={kind === 'query' ? 760 : 1000}
      data-test="chart-data-modal"
    >
      {error && <Alert type="error" showIcon title={t(error)} />}
      {!error && content === null && <Spin />}
      {typeof content === 'string' && (
        <>
          <Button
            size="small"
            icon={<CopyOutlined />}
            style={{ marginBottom: 8 }}
            onClick={async () => {
              if (await copyTextToClipboard(content)) dispatch(addSuccessToast(t(COPY_SUCCESS_MESSAGE)));
            }}
          >
            {t('Copy')}
          </Button>
          <pre
            style={{ background: '#f7f7f7', padding: 12, maxHeight: 480, overflow: 'auto' }}
            data-test="chart-query-sql"
          >
            {content}
          </pre>
        </>
      )}
      {content !== null && typeof content !== 'string' && (
        <>
          <Typography.Text type="secondary">{t('{{count}} rows', { count: content.total })}</Typography.Text>
          <Table
            size="small"
            rowKey="__row"
            dataSource={content.data.map((row, index) => ({ ...row, __row: index }))}
            scroll={{ x: true, y: 420 }}
            pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
            columns={content.colnames.map((name) => ({
              key: name,
              title: name,
              dataIndex: name,
              render: (value: unknown) => (value === null || value === undefined ? 'N/A' : String(value)),
            }))}
          />
        </>
      )}
    </Modal>
  );
}
