// The overwrite confirmation (CONFIRM_DASHBOARD_DIFF): what changed in the stored dashboard since it was opened.
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import Modal from '../../../components/Modal';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { dashboardStateActions } from '../../state/dashboard-state';
import { CONFIRM_OVERWRITE } from '../../state/messages';

export default function OverwriteConfirmModal({ onConfirm }: { onConfirm: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const metadata = useAppSelector((state) => state.dashboardState.overwriteConfirmMetadata);
  if (!metadata) return null;
  const show = (value: unknown) => (
    <pre style={{ maxHeight: 240, overflow: 'auto', margin: 0, fontSize: 11 }}>
      {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
    </pre>
  );
  return (
    <Modal
      open
      title={t('Confirm overwrite')}
      okText={t('Overwrite')}
      cancelText={t('Cancel')}
      onOk={onConfirm}
      onCancel={() => dispatch(dashboardStateActions.overwriteConfirmationCleared())}
      width={960}
      data-test="overwrite-confirm"
    >
      <Typography.Paragraph>
        {t(CONFIRM_OVERWRITE)}{' '}
        {t('Last updated {{when}} by {{who}}.', { when: metadata.updatedAt, who: metadata.updatedBy || t('someone') })}
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey="keyPath"
        pagination={false}
        dataSource={metadata.overwriteConfirmItems}
        columns={[
          { key: 'keyPath', title: t('Key'), dataIndex: 'keyPath', width: 140 },
          { key: 'old', title: t('Stored'), render: (_value, item) => show(item.oldValue) },
          { key: 'new', title: t('Yours'), render: (_value, item) => show(item.newValue) },
        ]}
      />
    </Modal>
  );
}
