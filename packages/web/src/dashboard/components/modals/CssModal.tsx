// Edit CSS: the dashboard's own style sheet, optionally loaded from a CSS template, applied live and saved with the
// dashboard.
import { Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from '../../../components/Modal';
import { useCan } from '../../../session/use-session';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { dashboardStateActions } from '../../state/dashboard-state';
import CssTemplateSelect from './CssTemplateSelect';

export default function CssModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const css = useAppSelector((state) => state.dashboardState.css);
  const [draft, setDraft] = useState(css);
  const canLoadTemplates = useCan('can_read', 'CssTemplate');
  return (
    <Modal
      open
      title={t('Edit CSS')}
      okText={t('Apply')}
      cancelText={t('Cancel')}
      onOk={() => {
        dispatch(dashboardStateActions.cssChanged(draft));
        onClose();
      }}
      onCancel={onClose}
      width={720}
    >
      <div
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, marginBottom: 12 }}
      >
        <Typography.Text type="secondary">
          {t('Live CSS editing: the rules apply to this dashboard once saved.')}
        </Typography.Text>
        {/* Superset's CssEditor: a chosen template replaces the draft, which Apply then applies. */}
        {canLoadTemplates && <CssTemplateSelect onPick={setDraft} />}
      </div>
      <Input.TextArea
        rows={14}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        style={{ fontFamily: 'monospace' }}
        data-test="css-editor"
      />
    </Modal>
  );
}
