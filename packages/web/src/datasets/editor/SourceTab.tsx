// "Source" tab: the physical table (database, schema, table) or the virtual dataset's SQL with a run-to-check.
import { LockOutlined, PlayCircleOutlined, UnlockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Radio, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { checkDatasetSource, type DatasetDetail, type SourceColumn } from './dataset-editor-api';
import type { DatasetDraft } from './editor-draft';

interface SourceTabProps {
  detail: DatasetDetail;
  draft: DatasetDraft;
  onChange: (patch: Partial<DatasetDraft>) => void;
}

type Check = { columns: SourceColumn[] } | { error: string } | null;

export default function SourceTab({ detail, draft, onChange }: SourceTabProps) {
  const { t } = useTranslation();
  // Superset's lock: the source is read-only until the user says they mean to change it.
  const [locked, setLocked] = useState(true);
  const [check, setCheck] = useState<Check>(null);
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    try {
      setCheck({ columns: await checkDatasetSource(detail.id, draft.sql, draft.template_params.trim() || null) });
    } catch (failure) {
      setCheck({ error: isApiError(failure) ? failure.message : String(failure) });
    } finally {
      setRunning(false);
    }
  };

  return (
    <div data-test="dataset-editor-source">
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12 }}>
        <Tooltip
          title={locked ? t('Click the lock to make changes.') : t('Click the lock to prevent further changes.')}
        >
          <Button
            type="text"
            icon={locked ? <LockOutlined /> : <UnlockOutlined />}
            onClick={() => setLocked(!locked)}
            aria-label={locked ? t('Unlock') : t('Lock')}
            data-test="source-lock"
          />
        </Tooltip>
        <Radio.Group value={draft.virtual ? 'virtual' : 'physical'} disabled>
          <Radio value="physical">{t('Physical (table or view)')}</Radio>
          <Radio value="virtual">{t('Virtual (SQL)')}</Radio>
        </Radio.Group>
      </div>
      <Form layout="vertical" disabled={locked}>
        <Form.Item label={t('Database')}>
          <Input value={detail.database.database_name} disabled data-test="source-database" />
        </Form.Item>
        {!draft.virtual && (
          <Form.Item label={t('Schema')}>
            <Input
              value={draft.schema}
              onChange={(e) => onChange({ schema: e.target.value })}
              data-test="source-schema"
            />
          </Form.Item>
        )}
        <Form.Item label={draft.virtual ? t('Dataset name') : t('Table name')}>
          <Input
            value={draft.table_name}
            onChange={(e) => onChange({ table_name: e.target.value })}
            data-test="source-table-name"
          />
        </Form.Item>
        {draft.virtual && (
          <Form.Item label={t('SQL')}>
            <Input.TextArea
              value={draft.sql}
              onChange={(e) => {
                onChange({ sql: e.target.value });
                setCheck(null);
              }}
              autoSize={{ minRows: 6, maxRows: 16 }}
              style={{ fontFamily: 'monospace' }}
              data-test="source-sql"
            />
          </Form.Item>
        )}
      </Form>
      {draft.virtual && (
        <>
          <Button icon={<PlayCircleOutlined />} onClick={run} loading={running} data-test="source-run">
            {t('Run to check')}
          </Button>
          <div style={{ marginTop: 12 }} data-test="source-check">
            {check && 'error' in check && <Alert type="error" showIcon title={check.error} />}
            {check && 'columns' in check && (
              <>
                <Typography.Text type="secondary">
                  {t('The query returns {{count}} columns', { count: check.columns.length })}
                </Typography.Text>
                <Table<SourceColumn>
                  rowKey="column_name"
                  size="small"
                  pagination={false}
                  dataSource={check.columns}
                  columns={[
                    { key: 'name', title: t('Column'), dataIndex: 'column_name' },
                    { key: 'type', title: t('Type'), dataIndex: 'type' },
                    { key: 'dttm', title: t('Is temporal'), render: (_v, row) => (row.is_dttm ? t('Yes') : '') },
                  ]}
                />
              </>
            )}
          </div>
        </>
      )}
    </div>
  );
}
