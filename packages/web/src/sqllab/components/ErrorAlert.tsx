// The frame of every error panel: a titled alert whose details expand in place, or open in a modal outside SQL Lab.
import { Alert, Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from '../../components/Modal';
import type { Notify } from './types';
import { useCopyToClipboard } from './use-copy-to-clipboard';

export type ErrorAlertLevel = 'error' | 'warning' | 'info';

export interface ErrorAlertProps {
  level: ErrorAlertLevel;
  title: ReactNode;
  /** The headline under the title. */
  message?: ReactNode;
  /** Always shown below the headline. */
  description?: ReactNode;
  /** Shown behind "See more". */
  details?: ReactNode;
  /** Text of the "Copy message" button; no button without it. */
  copyText?: string | null;
  /** Where "(Request Access)" leads; no link without it. */
  requestAccessLink?: string | null;
  inModal?: boolean;
  onNotify?: Notify;
}

export default function ErrorAlert({
  level,
  title,
  message,
  description,
  details,
  copyText,
  requestAccessLink,
  inModal = false,
  onNotify,
}: ErrorAlertProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const [modalOpen, setModalOpen] = useState(false);
  const copy = useCopyToClipboard(onNotify);

  const requestAccess = requestAccessLink ? (
    <>
      {' '}
      <a href={requestAccessLink} target="_blank" rel="noopener noreferrer" data-test="request-access">
        ({t('Request Access')})
      </a>
    </>
  ) : null;
  const copyButton = copyText ? (
    <Button size="small" onClick={() => void copy(copyText)} data-test="copy-error-message">
      {t('Copy message')}
    </Button>
  ) : null;
  const toggle = details ? (
    <Button
      type="link"
      size="small"
      style={{ padding: 0, height: 'auto' }}
      onClick={() => (inModal ? setModalOpen(true) : setExpanded((value) => !value))}
      aria-expanded={inModal ? modalOpen : expanded}
      data-test="error-see-more"
    >
      {!inModal && expanded ? t('See less') : t('See more')}
    </Button>
  ) : null;

  return (
    <>
      <Alert
        type={level}
        showIcon
        title={<strong>{title}</strong>}
        data-test="error-alert"
        description={
          <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
            {(message || requestAccess) && (
              <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message}
                {requestAccess}
              </div>
            )}
            {description && <div style={{ overflowWrap: 'anywhere' }}>{description}</div>}
            {!inModal && expanded && details && (
              <div style={{ overflowWrap: 'anywhere' }} data-test="error-details">
                {details}
              </div>
            )}
            {(toggle || (copyButton && !inModal)) && (
              <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
                {toggle}
                {!inModal && copyButton}
              </div>
            )}
          </div>
        }
      />
      {inModal && (
        <Modal
          open={modalOpen}
          title={title}
          onCancel={() => setModalOpen(false)}
          width={600}
          footer={
            <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
              {copyButton}
              <Button type="primary" onClick={() => setModalOpen(false)}>
                {t('Close')}
              </Button>
            </div>
          }
        >
          <div style={{ display: 'flex', flexDirection: 'column', gap: 12, overflowWrap: 'anywhere' }}>
            {message && <div style={{ whiteSpace: 'pre-wrap' }}>{message}</div>}
            {description}
            {details}
          </div>
        </Modal>
      )}
    </>
  );
}
