// The full value of one result cell, pretty-printed when it is JSON, with a copy button.
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import Modal from '../../components/Modal';
import { MONOSPACE_FONT } from './styles';

interface CellValueModalProps {
  open: boolean;
  columnName: string;
  /** null for SQL NULL. */
  text: string | null;
  onCopy: (text: string) => void;
  onClose: () => void;
}

function pretty(text: string): string {
  const trimmed = text.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return text;
  }
}

export default function CellValueModal({ open, columnName, text, onCopy, onClose }: CellValueModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={columnName}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button onClick={() => onCopy(text ?? '')} disabled={text === null} data-test="cell-value-copy">
            {t('Copy')}
          </Button>
          <Button type="primary" onClick={onClose}>
            {t('Close')}
          </Button>
        </div>
      }
    >
      {text === null ? (
        <span style={{ color: '#aab4bb' }}>NULL</span>
      ) : (
        <pre
          style={{
            fontFamily: MONOSPACE_FONT,
            fontSize: 12,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            maxHeight: '60vh',
            overflow: 'auto',
            margin: 0,
          }}
          data-test="cell-value"
        >
          {pretty(text)}
        </pre>
      )}
    </Modal>
  );
}
