// Save, schedule and share the tab's query: the buttons and their dialogs wired to the saved-query thunks.
import { SaveOutlined, ScheduleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../store/hooks';
import { fetchSavedQuery } from '../api';
import type { SavedQueryFields } from '../components/SaveQueryModal';
import type { ScheduleRequest } from '../components/ScheduleQueryModal';
import ShareLinkButton from '../components/ShareLinkButton';
import type { ScheduleInfo } from '../components/schedule-info';
import { type QueryEditor, saveQuery, scheduleQuery, shareQuery, updateSavedQuery } from '../state';
import { useNotify } from './use-notify';

// The dialogs load when first opened.
const SaveQueryModal = lazy(() => import('../components/SaveQueryModal'));
const ScheduleQueryModal = lazy(() => import('../components/ScheduleQueryModal'));

type Dialog = 'save' | 'schedule' | null;

export default function QueryActions({ editor }: { editor: QueryEditor }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [description, setDescription] = useState('');
  // The saved query's tags when the save dialog opened (null while read), and why the last save failed.
  const [savedTags, setSavedTags] = useState<string[] | null>([]);
  const [saveError, setSaveError] = useState<string | null>(null);
  // The saved query's own schedule, so the dialog edits it rather than starting over.
  const [scheduleInfo, setScheduleInfo] = useState<Partial<ScheduleInfo> | null>(null);
  const close = () => setDialog(null);
  const openSave = async () => {
    setSaveError(null);
    setSavedTags(editor.remoteId ? null : []);
    setDialog('save');
    if (editor.remoteId) {
      const saved = await fetchSavedQuery(editor.remoteId).catch(() => null);
      setSavedTags((saved?.tags ?? []).map((tag) => tag.name));
    }
  };
  const openSchedule = async () => {
    let stored: Partial<ScheduleInfo> | null = null;
    if (editor.remoteId) {
      const saved = await fetchSavedQuery(editor.remoteId).catch(() => null);
      const info = saved?.extra?.schedule_info;
      if (info && typeof info === 'object') stored = info as Partial<ScheduleInfo>;
    }
    setScheduleInfo(stored);
    setDialog('schedule');
  };

  const submit = async (work: () => Promise<boolean>, fields: { description: string }) => {
    setBusy(true);
    try {
      if (await work()) {
        setDescription(fields.description);
        close();
      }
    } finally {
      setBusy(false);
    }
  };

  const saveWith = (thunk: typeof saveQuery | typeof updateSavedQuery, fields: SavedQueryFields) =>
    submit(async () => {
      setSaveError(null);
      const outcome = await dispatch(
        thunk(editor.id, {
          name: fields.label,
          description: fields.description,
          tags: { before: savedTags ?? [], after: fields.tags },
        }),
      );
      if (outcome && !outcome.ok) setSaveError(outcome.message);
      return outcome?.ok ?? false;
    }, fields);
  const save = (fields: SavedQueryFields) => saveWith(saveQuery, fields);
  const update = (fields: SavedQueryFields) => saveWith(updateSavedQuery, fields);
  const schedule = (request: ScheduleRequest) =>
    submit(
      () =>
        dispatch(
          scheduleQuery(
            editor.id,
            { ...request.schedule_info },
            { name: request.label, description: request.description },
          ),
        ),
      request,
    );

  const share = async () => {
    const link = await dispatch(shareQuery(editor.id));
    if (link === null) throw new Error('The query could not be shared.');
    return link;
  };

  return (
    <>
      <Button size="small" icon={<SaveOutlined />} onClick={() => void openSave()} data-test="save-query">
        {t('Save')}
      </Button>
      <Button
        size="small"
        icon={<ScheduleOutlined />}
        onClick={() => void openSchedule()}
        disabled={!editor.dbId}
        data-test="schedule-query"
      >
        {t('Schedule')}
      </Button>
      <ShareLinkButton onShare={share} onNotify={notify} disabled={!editor.dbId} />
      <Suspense fallback={null}>
        {dialog === 'save' && (
          <SaveQueryModal
            open
            defaultLabel={editor.name}
            defaultDescription={description}
            defaultTags={savedTags}
            remoteId={editor.remoteId ?? null}
            saving={busy}
            error={saveError}
            onSave={(fields) => void save(fields)}
            onUpdate={(fields) => void update(fields)}
            onCancel={close}
          />
        )}
        {dialog === 'schedule' && (
          <ScheduleQueryModal
            open
            defaultLabel={editor.name}
            defaultDescription={description}
            scheduleInfo={scheduleInfo}
            submitting={busy}
            onSchedule={(request) => void schedule(request)}
            onCancel={close}
          />
        )}
      </Suspense>
    </>
  );
}
