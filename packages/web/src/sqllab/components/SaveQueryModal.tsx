// Saves the tab as a saved query: name and description; "Save as new" or "Update" once it was saved before.
import { Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from '../../components/Modal';

export interface SavedQueryFields {
  label: string;
  description: string;
}

interface SaveQueryModalProps {
  open: boolean;
  defaultLabel: string;
  defaultDescription?: string;
  /** The saved query the tab came from (its remoteId); offers Update beside Save as new. */
  remoteId?: number | null;
  saving?: boolean;
  onSave: (fields: SavedQueryFields) => void;
  onUpdate?: (fields: SavedQueryFields) => void;
  onCancel: () => void;
}

export default function SaveQueryModal({
  open,
  defaultLabel,
  defaultDescription = '',
  remoteId,
  saving = false,
  onSave,
  onUpdate,
  onCancel,
}: SaveQueryModalProps) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(defaultLabel);
  const [description, setDescription] = useState(defaultDescription);
  useEffect(() => {
    if (open) {
      setLabel(defaultLabel);
      setDescription(defaultDescription);
    }
  }, [open, defaultLabel, defaultDescription]);

  const fields = { label: label.trim(), description };
  const valid = fields.label !== '';
  const saved = remoteId !== null && remoteId !== undefined;

  return (
    <Modal
      open={open}
      title={t('Save query')}
      onCancel={onCancel}
      width={600}
      destroyOnHidden
      footer={
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button onClick={onCancel}>{t('Cancel')}</Button>
          <Button
            type={saved ? 'default' : 'primary'}
            onClick={() => onSave(fields)}
            disabled={!valid}
            loading={saving}
            data-test="save-query-new"
          >
            {saved ? t('Save as new') : t('Save')}
          </Button>
          {saved && onUpdate && (
            <Button
              type="primary"
              onClick={() => onUpdate(fields)}
              disabled={!valid}
              loading={saving}
              data-test="save-query-update"
            >
              {t('Update')}
            </Button>
          )}
        </div>
      }
    >
      <Form layout="vertical" onFinish={() => valid && (saved && onUpdate ? onUpdate(fields) : onSave(fields))}>
        <Form.Item
          label={t('Name')}
          required
          validateStatus={valid ? undefined : 'error'}
          help={valid ? undefined : t('Name cannot be empty')}
        >
          <Input
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            autoFocus
            maxLength={256}
            data-test="save-query-name"
          />
        </Form.Item>
        <Form.Item label={t('Description')}>
          <Input.TextArea
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            autoSize={{ minRows: 3, maxRows: 8 }}
            data-test="save-query-description"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
