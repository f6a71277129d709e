// The editor's tabs: add, close (asking first when unsaved), rename, duplicate, close others or all, Ctrl+[ and Ctrl+].
import { PlusOutlined } from '@ant-design/icons';
import { Input, Tabs } from 'antd';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from '../../components/Modal';
import TabTitle, { type TabMenuAction } from './TabTitle';
import { cycleTabId } from './tab-cycle';
import type { EditorTab } from './types';

interface TabBarProps {
  tabs: readonly EditorTab[];
  activeId: string | null;
  onSelect: (id: string) => void;
  onAdd: () => void;
  onClose: (id: string) => void;
  onCloseOthers: (id: string) => void;
  onCloseAll: () => void;
  onRename: (id: string, name: string) => void;
  /** "Copy of …" with autorun is the state's business (spec §4). */
  onDuplicate: (id: string) => void;
  onToggleLeftBar: (id: string, hidden: boolean) => void;
}

interface PendingClose {
  ids: string[];
  run: () => void;
}

export default function TabBar({
  tabs,
  activeId,
  onSelect,
  onAdd,
  onClose,
  onCloseOthers,
  onCloseAll,
  onRename,
  onDuplicate,
  onToggleLeftBar,
}: TabBarProps) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<EditorTab | null>(null);
  const [newName, setNewName] = useState('');
  const startRename = (tab: EditorTab) => {
    setNewName(tab.name);
    setRenaming(tab);
  };
  const confirmRename = () => {
    const name = newName.trim();
    if (!renaming || name === '') return;
    if (name !== renaming.name) onRename(renaming.id, name);
    setRenaming(null);
  };
  const [pending, setPending] = useState<PendingClose | null>(null);

  // Closing tabs with unsaved edits asks first; saved or untouched tabs close at once.
  const closeAsking = (ids: string[], run: () => void) => {
    if (tabs.some((tab) => ids.includes(tab.id) && tab.unsaved)) setPending({ ids, run });
    else run();
  };

  const onMenu = (tab: EditorTab, action: TabMenuAction) => {
    switch (action) {
      case 'rename':
        startRename(tab);
        break;
      case 'toggleLeftBar':
        onToggleLeftBar(tab.id, !tab.hideLeftBar);
        break;
      case 'close':
        closeAsking([tab.id], () => onClose(tab.id));
        break;
      case 'closeOthers':
        closeAsking(
          tabs.filter((other) => other.id !== tab.id).map((other) => other.id),
          () => onCloseOthers(tab.id),
        );
        break;
      case 'closeAll':
        closeAsking(
          tabs.map((other) => other.id),
          onCloseAll,
        );
        break;
      case 'duplicate':
        onDuplicate(tab.id);
        break;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!event.ctrlKey || (event.key !== '[' && event.key !== ']')) return;
    const next = cycleTabId(
      tabs.map((tab) => tab.id),
      activeId,
      event.key === ']' ? 1 : -1,
    );
    if (next) {
      event.preventDefault();
      onSelect(next);
    }
  };

  const pendingNames = pending
    ? tabs.filter((tab) => pending.ids.includes(tab.id) && tab.unsaved).map((tab) => tab.name)
    : [];

  // antd's keys are the tabs' view keys (stable across a tab's move to the server); callers speak in ids.
  const keyOf = (id: string | null) => {
    const tab = id === null ? undefined : tabs.find((candidate) => candidate.id === id);
    return tab ? (tab.viewKey ?? tab.id) : (id ?? undefined);
  };
  const idOf = (key: string) => tabs.find((tab) => (tab.viewKey ?? tab.id) === key)?.id ?? key;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: catches the tab-cycling keys from the focused tab.
    <div onKeyDown={onKeyDown} data-test="sql-editor-tabs">
      <Tabs
        type="editable-card"
        size="small"
        activeKey={keyOf(activeId)}
        onChange={(key) => onSelect(idOf(key))}
        onEdit={(key, action) => {
          if (action === 'add') onAdd();
          else if (typeof key === 'string') {
            const id = idOf(key);
            closeAsking([id], () => onClose(id));
          }
        }}
        addIcon={<PlusOutlined aria-label={t('Add a new tab')} />}
        items={tabs.map((tab) => ({
          key: tab.viewKey ?? tab.id,
          closable: true,
          label: (
            <TabTitle
              tab={tab}
              onStartRename={() => startRename(tab)}
              onMenu={(action) => onMenu(tab, action)}
              canCloseOthers={tabs.length > 1}
            />
          ),
        }))}
        tabBarStyle={{ marginBottom: 0 }}
      />
      <Modal
        open={renaming !== null}
        title={t('Rename tab')}
        okText={t('Rename')}
        cancelText={t('Cancel')}
        okButtonProps={{ disabled: newName.trim() === '' }}
        onOk={confirmRename}
        onCancel={() => setRenaming(null)}
        width={480}
        destroyOnHidden
      >
        <div style={{ marginBottom: 8 }}>{t('Enter a new title for the tab')}</div>
        <Input
          value={newName}
          onChange={(event) => setNewName(event.target.value)}
          onPressEnter={confirmRename}
          autoFocus
          maxLength={256}
          aria-label={t('Tab name')}
          data-test="rename-tab-input"
        />
      </Modal>
      <Modal
        open={pending !== null}
        title={pendingNames.length > 1 ? t('Close tabs with unsaved changes?') : t('Close tab with unsaved changes?')}
        okText={pendingNames.length > 1 ? t('Close tabs') : t('Close tab')}
        cancelText={t('Cancel')}
        okButtonProps={{ danger: true }}
        onOk={() => {
          pending?.run();
          setPending(null);
        }}
        onCancel={() => setPending(null)}
        width={480}
      >
        {t('Unsaved changes in {{names}} will be lost. Save the query first to keep them.', {
          names: pendingNames.join(', '),
        })}
      </Modal>
    </div>
  );
}
