// The save-chart dialog (spec §2): overwrite or save as, the chart's name, and a dashboard to add it to, chosen
// among the user's dashboards or created by typing a new name.
import { Button, Form, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Modal from '../../components/Modal';
import { saveFailureMessage } from '../../components/save-failure';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { SaveAction } from '../state/explore-slice';
import { saveModalActions } from '../state/save-modal-slice';
import { loadDashboardChoices, type SaveTarget, saveChart } from '../state/thunks/save-chart';
import { dashboardOptions, saveTargetOf } from './dashboard-choice';
import SaveActionFields from './SaveActionFields';
import SaveModalAlert from './SaveModalAlert';

export default function SaveModal() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const dashboards = useAppSelector((state) => state.saveModal.dashboards);
  const { slice, sliceName, can_overwrite, can_add, datasource } = useAppSelector((state) => state.explore);
  const canOverwrite = can_overwrite && slice !== null;
  const [action, setAction] = useState<SaveAction>(canOverwrite ? 'overwrite' : 'saveas');
  const [name, setName] = useState(sliceName || `${datasource?.datasource_name ?? datasource?.name ?? 'New'} chart`);
  const [dashboard, setDashboard] = useState<string | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void dispatch(loadDashboardChoices());
  }, [dispatch]);

  const close = () => dispatch(saveModalActions.saveModalVisibilitySet(false));
  const target = (): SaveTarget => saveTargetOf(dashboard, dashboards);

  const save = async (goToDashboard: boolean) => {
    setSaving(true);
    setError(null);
    try {
      const result = await dispatch(saveChart({ action, sliceName: name.trim(), target: target() }));
      // Staying in explore, the page keeps its state and only its URL names the saved chart (ExplorePage).
      if (goToDashboard && result.dashboard) navigate(`/nezha/dashboard/${result.dashboard.id}/`);
    } catch (failure) {
      // Spec §6, §8: a refused save says so in words of its own; any other failure names the chart.
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
      onCancel={close}
      width={520}
      footer={[
        <Button key="cancel" onClick={close}>
          {t('Cancel')}
        </Button>,
        <Button
          key="go"
          disabled={!name.trim() || !dashboard || saving}
          onClick={() => void save(true)}
          data-test="save-go-to-dashboard"
        >
          {t('Save & go to dashboard')}
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={saving}
          disabled={!name.trim()}
          onClick={() => void save(false)}
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
            canOverwrite={canOverwrite}
            canSaveAs={can_add}
            nameLabel={t('Chart name')}
            name={name}
            onName={setName}
          />
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
              data-test="save-dashboard-select"
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
