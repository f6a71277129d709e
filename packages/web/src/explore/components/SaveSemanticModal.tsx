// The save dialog of the semantic viz types: overwrite the measure, cohort or column being edited, or save a new
// one under a name; a refused save shows the server's message in the alert.
import { Alert, Button, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { SemanticKind } from '../api/semantic-api';
import type { SaveAction } from '../state/explore-slice';
import { saveModalActions } from '../state/save-modal-slice';
import { editedEntityId } from '../state/semantic-kinds';
import { KIND_LABEL, saveErrorMessage, saveSemantic } from '../state/thunks/save-semantic';

export default function SaveSemanticModal({ kind }: { kind: SemanticKind }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const saveModalAlert = useAppSelector((state) => state.saveModal.saveModalAlert);
  const { form_data: formData, sliceName } = useAppSelector((state) => state.explore);
  const editing = editedEntityId(formData, kind);
  const [action, setAction] = useState<SaveAction>(editing ? 'overwrite' : 'saveas');
  const [name, setName] = useState(sliceName);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = KIND_LABEL[kind];

  const close = () => dispatch(saveModalActions.saveModalVisibilitySet(false));
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await dispatch(saveSemantic({ action, name: name.trim() }));
    } catch (failure) {
      setError(saveErrorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t(`Save ${label.toLowerCase()}`)}
      onCancel={close}
      width={480}
      footer={[
        <Button key="cancel" onClick={close}>
          {t('Cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={saving}
          disabled={!name.trim()}
          onClick={() => void save()}
          data-test="save-chart"
        >
          {t('Save')}
        </Button>,
      ]}
    >
      <div data-test="save-modal">
        {saveModalAlert && (
          <Alert
            type="error"
            showIcon
            title={t(saveModalAlert)}
            description={error ?? undefined}
            style={{ marginBottom: 12 }}
            closable={{ onClose: () => dispatch(saveModalActions.saveModalAlertRemoved()) }}
            data-test="save-modal-alert"
          />
        )}
        <Form layout="vertical">
          <Form.Item>
            <Radio.Group
              value={action}
              onChange={(event) => setAction(event.target.value as SaveAction)}
              data-test="save-action"
            >
              <Radio value="overwrite" disabled={!editing}>
                {t('Save (Overwrite)')}
              </Radio>
              <Radio value="saveas">{t('Save as...')}</Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item label={t(`${label} name`)} required>
            <Input value={name} onChange={(event) => setName(event.target.value)} data-test="save-chart-name" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
