// "View query": the SQL the chart runs (chart data with result_type "query"), with a copy button.
import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from '../../components/Modal';
import { addSuccessToast } from '../../components/toasts/state/message-toasts';
import { COPY_SUCCESS_MESSAGE, copyTextToClipboard } from '../../sqllab/components/copy-to-clipboard';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { SQL_LOAD_FAILED } from '../state/messages';
import { fetchChartSql } from '../state/thunks/share';

export default function ViewQueryModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const formData = useAppSelector((state) => state.explore.form_data);
  const [sql, setSql] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchChartSql(formData).then(
      (text) => live && setSql(text),
      () => live && setError(SQL_LOAD_FAILED),
    );
    return () => {
      live = false;
    };
  }, [formData]);

  return (
    <Modal open title={t('View query')} onCancel={onClose} footer={null} width={760}>
      {error && <Alert type="error" showIcon title={t(error)} />}
      {!error && sql === null && <Spin />}
      {sql !== null && (
        <>
          <Button
            size="small"
            icon={<CopyOutlined />}
            style={{ marginBottom: 8 }}
            onClick={async () => {
              if (await copyTextToClipboard(sql)) dispatch(addSuccessToast(COPY_SUCCESS_MESSAGE));
            }}
          >
            {t('Copy')}
          </Button>
          <pre
            data-test="view-query-sql"
            style={{
              background: '#f7f7f7',
              padding: 12,
              borderRadius: 4,
              maxHeight: 480,
              overflow: 'auto',
              fontSize: 12,
            }}
          >
            {sql}
          </pre>
        </>
      )}
    </Modal>
  );
}
