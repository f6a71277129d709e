// Names the dataset made from a query's SQL ("Create dataset"); on OK it is created and opened in explore.
import { Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from '../../components/Modal';

interface CreateDatasetModalProps {
  open: boolean;
  defaultName: string;
  creating: boolean;
  error?: string | null;
  onCreate: (name: string) => void;
  onCancel: () => void;
}

export default function CreateDatasetModal({
  open,
  defaultName,
  creating,
  error,
  onCreate,
  onCancel,
}: CreateDatasetModalProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(defaultName);
  useEffect(() => {
    if (open) setName(defaultName);
  }, [open, defaultName]);
  const submit = () => {
    if (name.trim() !== '') onCreate(name.trim());
  };

  return (
    <Modal
      open={open}
      title={t('Create dataset')}
      okText={t('Create and explore')}
      cancelText={t('Cancel')}
      okButtonProps={{ disabled: name.trim() === '', loading: creating }}
      onOk={submit}
      onCancel={onCancel}
      width={600}
      destroyOnHidden
    >
      <p style={{ marginTop: 0 }}>
        {t('A virtual dataset is made from the SQL of this query, then opened in explore to build a chart.')}
      </p>
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label={t('Dataset name')}
          required
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Input
            value={name}
            onChange={(event) => setName(event.target.value)}
            onPressEnter={submit}
            autoFocus
            maxLength={250}
            data-test="create-dataset-name"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
