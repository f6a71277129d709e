// One toast: an alert that closes itself after its duration.
import type { Toast as ToastEntity } from '@nezha/core';
import { Alert } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

const ALERT_TYPE = { info: 'info', success: 'success', warning: 'warning', danger: 'error' } as const;

interface ToastProps {
  toast: ToastEntity;
  onClose: (id: string) => void;
}

export default function Toast({ toast, onClose }: ToastProps) {
  const { t } = useTranslation();
  useEffect(() => {
    if (toast.duration <= 0) return undefined;
    const timer = setTimeout(() => onClose(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration, onClose]);

  return (
    <Alert
      type={ALERT_TYPE[toast.toastType]}
      title={toast.text}
      showIcon
      closable={{ onClose: () => onClose(toast.id), 'aria-label': t('Close') }}
      role="alert"
      data-test="toast"
      style={{ boxShadow: '0 4px 12px rgba(0, 0, 0, 0.12)', minWidth: 280, maxWidth: 480 }}
    />
  );
}
