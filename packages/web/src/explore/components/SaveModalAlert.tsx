// The save dialogs' alert: the save modal's message (spec §3 saveModalAlert) with the server's words under it.
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { saveModalActions } from '../state/save-modal-slice';

export default function SaveModalAlert({ error }: { error: string | null }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const saveModalAlert = useAppSelector((state) => state.saveModal.saveModalAlert);
  if (!saveModalAlert) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={t(saveModalAlert)}
      description={error ?? undefined}
      style={{ marginBottom: 12 }}
      closable={{ onClose: () => dispatch(saveModalActions.saveModalAlertRemoved()) }}
      data-test="save-modal-alert"
    />
  );
}
