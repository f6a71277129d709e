// Saves the tab as a saved query: name, description and tags; "Save as new" or "Update" once it was saved before.
// A failed save says why in the dialog, in the spec's words.
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from '../../components/Modal';
import TagsSelect from '../../tags/TagsSelect';

export interface SavedQueryFields {
  label: string;
  description: string;
  tags: string[];
}

interface SaveQueryModalProps {
  open: boolean;
  defaultLabel: string;
  defaultDescription?: string;
  /** The tags of the saved query the tab came from; null while they are read. */
  defaultTags?: string[] | null;
  /** The saved query the tab came from (its remoteId); offers Update beside Save as new. */
  remoteId?: number | null;
  saving?: boolean;
  /** Why the last save failed. */
  error?: string | null;
  onSave: (fields: SavedQueryFields) => void;
  onUpdate?: (fields: SavedQueryFields) => void;
  onCancel: () => void;
}

const NO_TAGS: string[] = [];

export default function SaveQueryModal({
  open,
  defaultLabel,
  defaultDescription = '',
  defaultTags = NO_TAGS,
  remoteId,
  saving = false,
  error = null,
  onSave,
  onUpdate,
  onCancel,
}: SaveQueryModalProps) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(defaultLabel);
  const [description, setDescription] = useState(defaultDescription);
  const [tags, setTags] = useState<string[]>(defaultTags ?? NO_TAGS);
  useEffect(() => {
    if (open) {
      setLabel(defaultLabel);
      setDescription(defaultDescription);
    }
  }, [open, defaultLabel, defaultDescription]);
  useEffect(() => {
    if (open && defaultTags) setTags(defaultTags);
  }, [open, defaultTags]);

  const fields = { label: label.trim(), description, tags };
  const valid = fields.label !== '';
  const saved = remoteId !== null && remoteId !== undefined;
  // An update replaces the saved query's tags, so it waits until they are known.
  const canUpdate = valid && defaultTags !== null;

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
              disabled={!canUpdate}
              loading={saving}
              data-test="save-query-update"
            >
              {t('Update')}
            </Button>
          )}
        </div>
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-test="save-query-error" />}
      <Form
        layout="vertical"
        onFinish={() => valid && (saved && onUpdate ? canUpdate && onUpdate(fields) : onSave(fields))}
      >
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
        <Form.Item label={t('Tags')}>
          <TagsSelect value={tags} onChange={setTags} data-test="save-query-tags" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
