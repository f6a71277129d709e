// The save dialog of the semantic viz types: overwrite the measure, cohort or column being edited, or save a new
// one under a name, with its tags (measures and cohorts); a refused save says why in the spec's words.
import { Button, Form } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from '../../components/Modal';
import { i18nKey } from '../../i18n/i18n';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import TagsSelect from '../../tags/TagsSelect';
import { fetchSemanticTags, isTaggableKind, type SemanticKind } from '../api/semantic-api';
import type { SaveAction } from '../state/explore-slice';
import { saveModalActions } from '../state/save-modal-slice';
import { editedEntityId } from '../state/semantic-kinds';
import { saveSemantic, semanticSaveFailure } from '../state/thunks/save-semantic';
import SaveActionFields from './SaveActionFields';
import SaveModalAlert from './SaveModalAlert';

const TITLE: Record<SemanticKind, string> = {
  measure: i18nKey('Save measure'),
  cohort: i18nKey('Save cohort'),
  column: i18nKey('Save column'),
};

const NAME_LABEL: Record<SemanticKind, string> = {
  measure: i18nKey('Measure name'),
  cohort: i18nKey('Cohort name'),
  column: i18nKey('Column name'),
};

export default function SaveSemanticModal({ kind }: { kind: SemanticKind }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { form_data: formData, sliceName } = useAppSelector((state) => state.explore);
  const editing = editedEntityId(formData, kind);
  const [action, setAction] = useState<SaveAction>(editing ? 'overwrite' : 'saveas');
  const [name, setName] = useState(sliceName);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The edited measure's or cohort's tags; null until read, and then left alone by an overwrite.
  const [tags, setTags] = useState<string[] | null>(editing && isTaggableKind(kind) ? null : []);

  useEffect(() => {
    if (!editing || !isTaggableKind(kind)) return;
    let live = true;
    fetchSemanticTags(kind, editing).then(
      (names) => live && setTags((current) => current ?? names),
      () => live && setTags((current) => current ?? []),
    );
    return () => {
      live = false;
    };
  }, [editing, kind]);

  const close = () => dispatch(saveModalActions.saveModalVisibilitySet(false));
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await dispatch(saveSemantic({ action, name: name.trim(), tags: tags ?? undefined }));
    } catch (failure) {
      setError(semanticSaveFailure(kind, failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t(TITLE[kind])}
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
        <SaveModalAlert error={error} />
        <Form layout="vertical">
          <SaveActionFields
            action={action}
            onAction={setAction}
            canOverwrite={editing !== null}
            canSaveAs
            nameLabel={t(NAME_LABEL[kind])}
            name={name}
            onName={setName}
          />
          {isTaggableKind(kind) && (
            <Form.Item label={t('Tags')}>
              <TagsSelect value={tags ?? []} onChange={setTags} data-test="save-semantic-tags" />
            </Form.Item>
          )}
        </Form>
      </div>
    </Modal>
  );
}
