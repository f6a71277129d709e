// Superset's "Edit Dataset" dialog (DatasourceEditor): Source, Metrics, Columns, Calculated columns and Settings
// tabs over one working copy, saved with PUT /api/v1/dataset/:id after a "Confirm save".
import { Alert, Button, Spin, Tabs } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import Modal from '../../components/Modal';
import { addSuccessToast } from '../../components/toasts/state/message-toasts';
import { useAppDispatch } from '../../store/hooks';
import ColumnsTab from './ColumnsTab';
import { type DatasetDetail, fetchDatasetDetail, saveDatasetEdits, syncDatasetColumns } from './dataset-editor-api';
import {
  type DatasetDraft,
  type DraftProblem,
  draftColumn,
  draftOf,
  draftProblems,
  mergeSynced,
  saveFailureText,
  savePayload,
} from './editor-draft';
import MetricsTab from './MetricsTab';
import SettingsTab from './SettingsTab';
import SourceTab from './SourceTab';

interface DatasetEditorModalProps {
  datasetId: number;
  onClose: () => void;
  /** After a successful save, so the opener can show the change (explore reloads its datasource). */
  onSaved: (datasetId: number) => void;
}

type TabKey = DraftProblem['tab'];

const messageOf = (failure: unknown) => (isApiError(failure) ? failure.message : String(failure));

export default function DatasetEditorModal({ datasetId, onClose, onSaved }: DatasetEditorModalProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [detail, setDetail] = useState<DatasetDetail | null>(null);
  const [draft, setDraft] = useState<DatasetDraft | null>(null);
  const [tab, setTab] = useState<TabKey>('source');
  const [errors, setErrors] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [syncing, setSyncing] = useState(false);
  // The draft's pure checks take a plain translator.
  const translate = (key: string, values?: Record<string, unknown>) => String(t(key, { ...values }));

  useEffect(() => {
    let live = true;
    fetchDatasetDetail(datasetId).then(
      (loaded) => {
        if (!live) return;
        setDetail(loaded);
        setDraft(draftOf(loaded));
      },
      (failure: unknown) => live && setErrors([messageOf(failure)]),
    );
    return () => {
      live = false;
    };
  }, [datasetId]);

  const original = useMemo(() => (detail ? detail.columns.map(draftColumn) : []), [detail]);
  const change = (patch: Partial<DatasetDraft>) =>
    setDraft((current) => (current ? { ...current, ...patch } : current));

  const askToSave = () => {
    if (!draft) return;
    const problems = draftProblems(draft, translate);
    setErrors(problems.map((problem) => problem.message));
    if (problems[0]) {
      setTab(problems[0].tab);
      return;
    }
    setConfirming(true);
  };

  const save = async () => {
    if (!draft) return;
    setConfirming(false);
    setSaving(true);
    try {
      await saveDatasetEdits(datasetId, savePayload(draft), {
        before: (detail?.tags ?? []).map((tag) => tag.name),
        after: draft.tags,
      });
      dispatch(addSuccessToast(t('The dataset has been saved')));
      onSaved(datasetId);
    } catch (failure) {
      setErrors([saveFailureText(failure, draft, translate)]);
    } finally {
      setSaving(false);
    }
  };

  // The server syncs the stored source; SQL changed here but not saved would be ignored, so it must be saved first.
  const sqlChanged = !!detail && !!draft && draft.virtual && draft.sql !== (detail.sql ?? '');
  const sync = async () => {
    if (!draft) return;
    setSyncing(true);
    try {
      await syncDatasetColumns(datasetId);
      const fresh = await fetchDatasetDetail(datasetId);
      setDraft({ ...draft, columns: mergeSynced(draft, original, fresh.columns) });
      setDetail({ ...fresh, sql: detail?.sql ?? fresh.sql });
      dispatch(addSuccessToast(t('Metadata has been synced')));
    } catch (failure) {
      setErrors([messageOf(failure)]);
    } finally {
      setSyncing(false);
    }
  };

  const columnsTab = (calculated: boolean) =>
    draft && (
      <ColumnsTab
        columns={draft.columns}
        calculated={calculated}
        mainDttmCol={draft.main_dttm_col}
        onChange={(columns) => change({ columns })}
        onMainDttmCol={(main_dttm_col) => change({ main_dttm_col })}
        onSync={calculated || sqlChanged ? undefined : sync}
        syncHint={sqlChanged ? t('Save the changed SQL before syncing its columns') : undefined}
        syncing={syncing}
      />
    );

  return (
    <>
      <Modal
        open
        title={t('Edit Dataset')}
        width="min(1100px, calc(100vw - 48px))"
        onCancel={onClose}
        maskClosable={false}
        styles={{ body: { minHeight: 420 } }}
        data-test="dataset-editor"
        footer={[
          <Button key="cancel" onClick={onClose} data-test="dataset-editor-cancel">
            {t('Cancel')}
          </Button>,
          <Button
            key="save"
            type="primary"
            onClick={askToSave}
            loading={saving}
            disabled={!draft}
            data-test="dataset-editor-save"
          >
            {t('Save')}
          </Button>,
        ]}
      >
        {errors.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            data-test="dataset-editor-error"
            title={errors.length === 1 ? errors[0] : t('The dataset was not saved')}
            description={
              errors.length > 1 ? (
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {errors.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        )}
        {!draft || !detail ? (
          errors.length === 0 && <Spin style={{ display: 'block', margin: '80px auto' }} />
        ) : (
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as TabKey)}
            items={[
              {
                key: 'source',
                label: t('Source'),
                children: <SourceTab detail={detail} draft={draft} onChange={change} />,
              },
              {
                key: 'metrics',
                label: t('Metrics'),
                children: <MetricsTab metrics={draft.metrics} onChange={(metrics) => change({ metrics })} />,
              },
              { key: 'columns', label: t('Columns'), children: columnsTab(false) },
              { key: 'calculated', label: t('Calculated columns'), children: columnsTab(true) },
              {
                key: 'settings',
                label: t('Settings'),
                children: <SettingsTab detail={detail} draft={draft} onChange={change} />,
              },
            ]}
          />
        )}
      </Modal>
      <Modal
        open={confirming}
        title={t('Confirm save')}
        okText={t('OK')}
        cancelText={t('Cancel')}
        onOk={save}
        onCancel={() => setConfirming(false)}
        data-test="dataset-editor-confirm"
      >
        {t(
          'The dataset configuration exposed here affects all the charts using this dataset. Be mindful that changing settings here may affect other charts in undesirable ways.',
        )}
      </Modal>
    </>
  );
}
