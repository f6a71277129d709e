// The add/edit database dialog: connection URI, SQL Lab flags, extra JSON, test connection and save.
import { ApiOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import {
  createDatabase,
  fetchAvailableEngines,
  fetchDatabase,
  testConnection,
  updateDatabase,
} from '../api/database-api';
import Modal from '../components/Modal';
import {
  type DatabaseFormValues,
  type EngineOption,
  emptyFormValues,
  engineOptionsOf,
  extraError,
  FLAG_FIELDS,
  formValuesOf,
  payloadOf,
  placeholderOf,
  saveFailureText,
} from './database-form';

// A JSON example, the same in every language.
const EXTRA_EXAMPLE = '{"engine_params": {}}';

interface DatabaseModalProps {
  /** The database to edit; null adds a new one. */
  databaseId: number | null;
  onClose: () => void;
  onSaved: (name: string, created: boolean) => void;
}

type Notice = { type: 'success' | 'error'; text: string; testId: string } | null;

function messageOf(error: unknown): string {
  return isApiError(error) ? error.message : String(error);
}

export default function DatabaseModal({ databaseId, onClose, onSaved }: DatabaseModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DatabaseFormValues>();
  const engine = Form.useWatch('engine', form);
  const [loading, setLoading] = useState(databaseId !== null);
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const editing = databaseId !== null;
  const [engines, setEngines] = useState<readonly EngineOption[]>([]);

  // The engines are the server's (GET /api/v1/database/available/): the web names none. Until they arrive the engine
  // list shows it is loading; the URI alone decides what is saved, so the dialog works without them.
  useEffect(() => {
    let current = true;
    fetchAvailableEngines().then(
      (answer) => {
        if (!current) return;
        const options = engineOptionsOf(answer);
        setEngines(options);
        if (!form.getFieldValue('engine') && options[0]) form.setFieldValue('engine', options[0].key);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [form]);

  const flagLabels: Record<(typeof FLAG_FIELDS)[number], string> = {
    expose_in_sqllab: t('Expose database in SQL Lab'),
    allow_run_async: t('Asynchronous query execution'),
    allow_dml: t('Allow DML'),
    allow_ctas: t('Allow CREATE TABLE AS'),
    allow_cvas: t('Allow CREATE VIEW AS'),
    disable_data_preview: t('Disable SQL Lab data preview queries'),
  };

  useEffect(() => {
    if (databaseId === null) return;
    let current = true;
    fetchDatabase(databaseId).then(
      (detail) => {
        if (!current) return;
        form.setFieldsValue(formValuesOf(detail));
        setLoading(false);
      },
      (error: unknown) => {
        if (!current) return;
        setNotice({ type: 'error', text: messageOf(error), testId: 'database-load-error' });
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [databaseId, form]);

  const showServerError = (error: unknown, testId: string, text = messageOf(error)) => {
    const fieldErrors = isApiError(error) ? error.clientError.fieldErrors : undefined;
    const known = new Set<string>(['database_name', 'sqlalchemy_uri', 'extra', ...FLAG_FIELDS]);
    if (fieldErrors) {
      form.setFields(
        Object.entries(fieldErrors)
          .filter(([field]) => known.has(field))
          .map(([field, errors]) => ({ name: field as keyof DatabaseFormValues, errors })),
      );
    }
    setNotice({ type: 'error', text, testId });
  };

  const onTestConnection = async () => {
    setNotice(null);
    let values: DatabaseFormValues;
    try {
      values = await form.validateFields(['sqlalchemy_uri', 'extra']);
    } catch {
      return;
    }
    const all = { ...form.getFieldsValue(true), ...values } as DatabaseFormValues;
    setTesting(true);
    try {
      const payload = payloadOf({ ...all, database_name: all.database_name ?? '' });
      await testConnection({
        sqlalchemy_uri: payload.sqlalchemy_uri,
        ...(payload.database_name ? { database_name: payload.database_name } : {}),
        ...(payload.extra ? { extra: payload.extra } : {}),
      });
      setNotice({ type: 'success', text: t('Connection looks good!'), testId: 'test-connection-result' });
    } catch (error) {
      showServerError(error, 'test-connection-result');
    } finally {
      setTesting(false);
    }
  };

  const onSave = async () => {
    setNotice(null);
    let values: DatabaseFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const payload = payloadOf(values);
      if (databaseId === null) await createDatabase(payload);
      else await updateDatabase(databaseId, payload);
      onSaved(payload.database_name, databaseId === null);
    } catch (error) {
      showServerError(error, 'database-save-error', saveFailureText(error));
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={editing ? t('Edit database') : t('Connect a database')}
      width={640}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('Cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} disabled={loading} onClick={() => void onSave()}>
          {editing ? t('Save') : t('Connect')}
        </Button>,
      ]}
    >
      {notice && (
        <Alert
          type={notice.type}
          title={notice.text}
          showIcon
          style={{ marginBottom: 16 }}
          data-test={notice.testId}
          closable={{ onClose: () => setNotice(null), 'aria-label': t('Close') }}
        />
      )}
      <Spin spinning={loading}>
        <Form<DatabaseFormValues> form={form} layout="vertical" initialValues={emptyFormValues()} disabled={saving}>
          <Form.Item label={t('Supported database')} name="engine">
            <Select
              options={engines.map((option) => ({ value: option.key, label: option.label }))}
              loading={engines.length === 0}
              data-test="engine-select"
            />
          </Form.Item>
          <Form.Item
            label={t('Display name')}
            name="database_name"
            rules={[{ required: true, whitespace: true, message: t('Please enter a database name') }]}
          >
            <Input placeholder={t('e.g. Analytics warehouse')} data-test="database-name-input" />
          </Form.Item>
          <Form.Item label={t('SQLAlchemy URI')} required style={{ marginBottom: 8 }}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="sqlalchemy_uri"
                noStyle
                rules={[{ required: true, whitespace: true, message: t('Please enter a SQLAlchemy URI') }]}
              >
                <Input
                  placeholder={placeholderOf(engine, engines)}
                  style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
                  data-test="sqlalchemy-uri-input"
                />
              </Form.Item>
              <Button
                icon={<ApiOutlined />}
                loading={testing}
                onClick={() => void onTestConnection()}
                data-test="test-connection"
              >
                {t('Test connection')}
              </Button>
            </Space.Compact>
          </Form.Item>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {t('For example {{example}}. An edited password shows as XXXXXXXXXX and is kept unless you change it.', {
              example: placeholderOf(engine, engines),
            })}
          </Typography.Paragraph>
          <Typography.Text strong>{t('SQL Lab')}</Typography.Text>
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16, margin: '8px 0 16px' }}>
            {FLAG_FIELDS.map((flag) => (
              <Form.Item key={flag} name={flag} valuePropName="checked" style={{ marginBottom: 4 }}>
                <Checkbox data-test={`flag-${flag}`}>{flagLabels[flag]}</Checkbox>
              </Form.Item>
            ))}
          </div>
          <Form.Item
            label={t('Extra')}
            name="extra"
            tooltip={t('JSON object of engine settings, e.g. {"engine_params": {}}')}
            rules={[
              {
                validator: (_rule, value: string | undefined) => {
                  const problem = extraError(value);
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <Input.TextArea
              rows={4}
              placeholder={EXTRA_EXAMPLE}
              style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
            />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
