// A history run's SQL in full: the query as typed and as executed (Superset's QueryPreviewModal), and its error.
import type { QueryHistoryRecord } from '@nezha/core';
import { Alert, Button, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Modal from '../../components/Modal';
import { openInSqlLabUrl } from '../query-history-list';
import { MONOSPACE_FONT } from './styles';

interface QueryPreviewModalProps {
  query: QueryHistoryRecord;
  onClose: () => void;
}

export default function QueryPreviewModal({ query, onClose }: QueryPreviewModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<'user' | 'executed'>('user');
  const text = shown === 'user' ? query.sql : (query.executed_sql ?? '');
  return (
    <Modal
      open
      title={t('Query preview')}
      onCancel={onClose}
      width={720}
      footer={
        <Button type="primary" onClick={() => navigate(openInSqlLabUrl(query.queryId))} data-test="preview-open">
          {t('Open in SQL Lab')}
        </Button>
      }
    >
      <Segmented
        value={shown}
        onChange={(value) => setShown(value as 'user' | 'executed')}
        options={[
          { value: 'user', label: t('User query') },
          { value: 'executed', label: t('Executed query'), disabled: !query.executed_sql },
        ]}
        style={{ marginBottom: 12 }}
        data-test="preview-toggle"
      />
      <pre
        style={{
          fontFamily: MONOSPACE_FONT,
          fontSize: 12,
          background: '#f6f8fa',
          border: '1px solid #e8ecef',
          borderRadius: 6,
          padding: 12,
          maxHeight: 360,
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          margin: 0,
        }}
        data-test="preview-sql"
      >
        {text}
      </pre>
      {query.errorMessage && (
        <Alert type="error" showIcon title={query.errorMessage} style={{ marginTop: 12, whiteSpace: 'pre-wrap' }} />
      )}
    </Modal>
  );
}
