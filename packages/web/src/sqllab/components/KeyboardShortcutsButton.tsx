// Lists SQL Lab's keyboard shortcuts for the user's system in a dialog.
import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from '../../components/Modal';
import { keyboardShortcuts, shortcutLabel, shortcutsByDescription, type UserOs } from './keyboard-shortcuts';
import { MONOSPACE_FONT } from './styles';

export default function KeyboardShortcutsButton({ os }: { os: UserOs }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const groups = shortcutsByDescription(keyboardShortcuts(os));
  return (
    <>
      <Button
        size="small"
        type="text"
        icon={<QuestionCircleOutlined />}
        onClick={() => setOpen(true)}
        data-test="keyboard-shortcuts"
      >
        {t('Keyboard shortcuts')}
      </Button>
      <Modal open={open} title={t('Keyboard shortcuts')} onCancel={() => setOpen(false)} footer={null} width={560}>
        <table style={{ width: '100%', borderCollapse: 'collapse' }} data-test="keyboard-shortcuts-list">
          <tbody>
            {groups.map((group) => (
              <tr key={group.description} style={{ borderBottom: '1px solid #f0f2f4' }}>
                <td style={{ padding: '6px 12px 6px 0', color: '#3d4b54' }}>{t(group.description)}</td>
                <td style={{ padding: '6px 0', textAlign: 'right' }}>
                  {group.keys.map((key) => (
                    <kbd
                      key={key}
                      style={{
                        display: 'inline-block',
                        margin: '2px 0 2px 6px',
                        padding: '1px 6px',
                        fontFamily: MONOSPACE_FONT,
                        fontSize: 12,
                        border: '1px solid #d9dee2',
                        borderBottomWidth: 2,
                        borderRadius: 4,
                        background: '#fafbfc',
                      }}
                    >
                      {shortcutLabel(key, os)}
                    </kbd>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Modal>
    </>
  );
}
