// "Discard changes?": asked before an editor with unsaved edits closes; Keep editing is the safe default.
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import Modal from '../../components/Modal';

interface DiscardChangesModalProps {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}

export default function DiscardChangesModal({ open, onKeep, onDiscard }: DiscardChangesModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('Discard changes?')}
      onCancel={onKeep}
      width={380}
      // Above the popover or dialog it guards.
      zIndex={2000}
      destroyOnHidden
      rootClassName="discard-confirm"
      footer={[
        <Button key="keep" type="primary" onClick={onKeep} data-test="keep-editing">
          {t('Keep editing')}
        </Button>,
        <Button key="discard" danger onClick={onDiscard} data-test="discard-changes">
          {t('Discard')}
        </Button>,
      ]}
    >
      {t('Your changes are not saved yet.')}
    </Modal>
  );
}
