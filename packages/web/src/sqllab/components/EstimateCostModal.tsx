// The query cost estimate: the engine's figures as a table, or the error it answered.
import { Alert, Button, Spin, Table } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from '../../components/Modal';

export type CostRow = Record<string, string | number | null>;

interface EstimateCostModalProps {
  open: boolean;
  loading?: boolean;
  /** One row per statement, e.g. [{"Total cost": 12.5, "Rows": 1000}]. */
  cost?: readonly CostRow[] | null;
  error?: string | null;
  onClose: () => void;
  onRetry?: () => void;
}

export default function EstimateCostModal({
  open,
  loading = false,
  cost,
  error,
  onClose,
  onRetry,
}: EstimateCostModalProps) {
  const { t } = useTranslation();
  const labels = [...new Set((cost ?? []).flatMap((row) => Object.keys(row)))];
  let body: ReactNode;
  if (loading) {
    body = (
      <div style={{ padding: 24, textAlign: 'center' }}>
        <Spin tip={t('Estimating cost')}>
          <div style={{ height: 40 }} />
        </Spin>
      </div>
    );
  } else if (error) {
    body = <Alert type="error" showIcon title={t('The cost could not be estimated')} description={error} />;
  } else if (!cost || cost.length === 0) {
    body = <Alert type="info" showIcon title={t('The database gave no estimate for this query')} />;
  } else {
    body = (
      <Table<CostRow & { key: number }>
        size="small"
        pagination={false}
        dataSource={cost.map((row, index) => ({ ...row, key: index }))}
        columns={labels.map((label) => ({
          key: label,
          dataIndex: label,
          title: label,
          align: 'right' as const,
          render: (value: string | number | null) =>
            typeof value === 'number' ? value.toLocaleString() : (value ?? ''),
        }))}
        data-test="cost-estimate-table"
      />
    );
  }
  return (
    <Modal
      open={open}
      title={t('Query cost estimate')}
      onCancel={onClose}
      width={600}
      footer={
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          {onRetry && error && <Button onClick={onRetry}>{t('Try again')}</Button>}
          <Button type="primary" onClick={onClose}>
            {t('Close')}
          </Button>
        </div>
      }
    >
      {body}
    </Modal>
  );
}
