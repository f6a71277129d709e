// Saves an assistant's chart as a chart (Superset's save-chart fields: the chart's name and, optionally, a dashboard
// chosen among the user's own or created by typing a new name), through the same payload and API as Explore's save,
// with the spec's success toasts and its save failure messages.
import type { QueryFormData } from '@nezha/core';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from '../components/Modal';
import { saveFailureMessage } from '../components/save-failure';
import { addSuccessToast } from '../components/toasts/state/message-toasts';
import { createChart, createDashboard, fetchDashboardChoices } from '../explore/api/chart-api';
import type { DashboardChoice } from '../explore/api/types';
import { dashboardOptions, saveTargetOf } from '../explore/components/dashboard-choice';
import { SAVE_SLICE_FAILED } from '../explore/state/messages';
import { chartSavePayload, type SaveTarget, saveMessages } from '../explore/state/thunks/save-chart';
import { useAppDispatch, useAppSelector } from '../store/hooks';

const NAME_LENGTH = 250;

interface Props {
  formData: QueryFormData;
  suggestedName: string;
  onClose(): void;
  onSaved(chart: { id: number; name: string }): void;
}

/** The dataset a form data names: `datasource: "<id>__<type>"`. */
export function formDataDatasource(formData: QueryFormData): { id: number; type: string } | null {
  const [id, type] = String(formData.datasource ?? '').split('__');
  return id && /^\d+$/.test(id) ? { id: Number(id), type: type || 'table' } : null;
}

export default function AssistantSaveChartModal({ formData, suggestedName, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) => state.session.user?.userId ?? 0);
  const [name, setName] = useState(suggestedName.slice(0, NAME_LENGTH));
  const [dashboards, setDashboards] = useState<DashboardChoice[]>([]);
  const [dashboard, setDashboard] = useState<string | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetchDashboardChoices(userId)
      .then(setDashboards)
      .catch(() => setDashboards([]));
  }, [userId]);

  const target = (): SaveTarget => saveTargetOf(dashboard, dashboards);

  const save = async () => {
    const sliceName = name.trim();
    setSaving(true);
    setError(null);
    try {
      const datasource = formDataDatasource(formData);
      if (!datasource) throw new Error(t('The chart names no dataset.'));
      const where = target();
      let chosen: DashboardChoice | null = null;
      if (where.kind === 'new') chosen = await createDashboard(where.title);
      else if (where.kind === 'existing') chosen = where.dashboard;
      const saved = await createChart(chartSavePayload(formData, sliceName, datasource, chosen ? [chosen.id] : []));
      for (const message of saveMessages({ action: 'saveas', sliceName, target: where }, chosen, true)) {
        dispatch(addSuccessToast(message));
      }
      onSaved({ id: saved.id, name: sliceName });
    } catch (failure) {
      setError(saveFailureMessage('chart', failure));
    } finally {
      setSaving(false);
    }
  };

  const options = dashboardOptions(search, dashboards);

  return (
    <Modal
      open
      title={t('Save chart')}
      onCancel={onClose}
      width={520}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('Cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={saving}
          disabled={!name.trim()}
          onClick={() => void save()}
          data-test="assistant-save-confirm"
        >
          {t('Save')}
        </Button>,
      ]}
    >
      <div data-test="assistant-save-modal">
        {error && (
          <Alert
            type="error"
            showIcon
            title={t(SAVE_SLICE_FAILED)}
            description={error}
            style={{ marginBottom: 12 }}
            data-test="assistant-save-error"
          />
        )}
        <Form layout="vertical">
          <Form.Item label={t('Chart name')} required>
            <Input
              value={name}
              maxLength={NAME_LENGTH}
              onChange={(event) => setName(event.target.value)}
              data-test="assistant-save-name"
            />
          </Form.Item>
          <Form.Item label={t('Add to dashboard')} extra={t('Select a dashboard or type a name to create one')}>
            <Select
              allowClear
              showSearch={{
                filterOption: (input, option) =>
                  String(option?.label ?? '')
                    .toLowerCase()
                    .includes(input.toLowerCase()),
                onSearch: setSearch,
              }}
              placeholder={t('Select a dashboard')}
              value={dashboard}
              onChange={(value: string | undefined) => setDashboard(value)}
              options={options}
              data-test="assistant-save-dashboard"
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
