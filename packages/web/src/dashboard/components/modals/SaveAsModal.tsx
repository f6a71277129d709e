// Save as: a copy of the dashboard owned by the user, optionally with copies of its charts.
import { Checkbox, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from '../../../components/Modal';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { saveDashboardAs } from '../../state/thunks/header-actions';

export default function SaveAsModal({ onClose, onCopied }: { onClose: () => void; onCopied: (id: number) => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const title = useAppSelector((state) => state.dashboardInfo.dashboard_title);
  const [name, setName] = useState(t('{{title}} [copy]', { title }));
  const [duplicate, setDuplicate] = useState(false);
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open
      title={t('Save dashboard')}
      okText={t('Save')}
      cancelText={t('Cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={async () => {
        setSaving(true);
        const id = await dispatch(saveDashboardAs(name, duplicate));
        setSaving(false);
        if (id) onCopied(id);
      }}
    >
      <Input value={name} onChange={(event) => setName(event.target.value)} data-test="save-as-title" />
      <Checkbox checked={duplicate} onChange={(event) => setDuplicate(event.target.checked)} style={{ marginTop: 12 }}>
        {t('also copy (duplicate) charts')}
      </Checkbox>
    </Modal>
  );
}
