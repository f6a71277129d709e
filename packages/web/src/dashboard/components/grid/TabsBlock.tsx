// Tabs: a tab bar (hidden for top-level tabs by uiConfig's tab bit) and the open tab's content; in edit mode tabs
// are added, renamed, removed and their headers dragged to reorder or to take dropped components.
import { NEW_COMPONENTS_SOURCE_ID } from '@nezha/core';
import { Tabs } from 'antd';
import { type ReactElement, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { dashboardLayoutActions } from '../../state/dashboard-layout';
import { dashboardStateActions } from '../../state/dashboard-state';
import { deleteLayoutComponent, dropLayoutComponent, editLayout } from '../../state/thunks/layout-edits';
import LayoutChrome from '../edit/LayoutChrome';
import type { BlockProps } from './block-props';
import { useGridView } from './grid-view';
import TabHeader from './TabHeader';
import TabPane from './TabPane';

export default function TabsBlock({ component, parent, index, depth, columns }: BlockProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { editMode, hideTab } = useGridView();
  const activeTabs = useAppSelector((state) => state.dashboardState.activeTabs);
  const topLevel = parent?.type === 'ROOT';
  const activeKey = component.children.find((id) => activeTabs.includes(id)) ?? component.children[0];

  const addTab = () =>
    dispatch(
      dropLayoutComponent({
        source: { id: NEW_COMPONENTS_SOURCE_ID, index: 0 },
        destination: { id: component.id, type: 'TABS', index: component.children.length },
        dragging: { type: 'TAB' },
      }),
    );
  const removeTab = (tabId: string) => {
    if (component.children.length > 1) {
      dispatch(deleteLayoutComponent(tabId, component.id));
      if (tabId === activeKey) {
        const next = component.children.find((id) => id !== tabId);
        if (next) dispatch(dashboardStateActions.activeTabChanged({ tabId: next, prevTabId: tabId }));
      }
    } else if (topLevel) {
      dispatch(editLayout(dashboardLayoutActions.topLevelTabsRemoved()));
    } else {
      dispatch(deleteLayoutComponent(component.id, parent?.id ?? null));
    }
  };

  const tabs = (
    <Tabs
      data-test={topLevel ? 'dashboard-top-level-tabs' : 'dashboard-tabs'}
      activeKey={activeKey}
      type={editMode ? 'editable-card' : 'line'}
      onChange={(key) => dispatch(dashboardStateActions.activeTabChanged({ tabId: key, prevTabId: activeKey ?? null }))}
      onEdit={(target, action) => {
        if (action === 'add') addTab();
        else if (typeof target === 'string') removeTab(target);
      }}
      {...(topLevel && hideTab && !editMode ? { renderTabBar: () => <div /> } : {})}
      {...(editMode
        ? {
            renderTabBar: (tabBarProps, DefaultTabBar) => (
              <DefaultTabBar {...tabBarProps}>
                {(node: ReactElement) => (
                  <TabHeader key={node.key} tabId={String(node.key)} tabs={component} depth={depth}>
                    {node}
                  </TabHeader>
                )}
              </DefaultTabBar>
            ),
          }
        : {})}
      items={component.children.map((tabId) => ({
        key: tabId,
        label: <TabTitle tabId={tabId} />,
        closable: editMode,
        children: <TabPane tabId={tabId} tabs={component} depth={depth} columns={columns} />,
      }))}
      style={{ background: topLevel ? 'transparent' : '#fff', padding: topLevel ? 0 : '0 12px 12px' }}
    />
  );
  if (topLevel) return tabs;
  return (
    <LayoutChrome
      component={component}
      parent={parent}
      index={index}
      depth={depth}
      editMode={editMode}
      label={t('Tabs')}
      style={{ width: '100%' }}
      contentStyle={editMode ? { paddingTop: 16, border: '1px dashed #d9d9d9', borderRadius: 4 } : undefined}
    >
      {tabs}
    </LayoutChrome>
  );
}

/** Renames the tab unless it already has that title. */
function renameTab(tabId: string, text: string) {
  return editLayout(dashboardLayoutActions.componentMetaUpdated({ id: tabId, meta: { text } }));
}

function TabTitle({ tabId }: { tabId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { editMode } = useGridView();
  const meta = useAppSelector((state) => state.dashboardLayout.present[tabId]?.meta);
  const stored = typeof meta?.text === 'string' ? meta.text : '';
  // Core's defaultText is always "Tab title"; it is shown in the reader's language.
  const text = stored || t('Tab title');
  // What was typed and not yet committed: a header re-mounted before its input lost focus still keeps it.
  const typed = useRef<string | null>(null);
  const storedNow = useRef(stored);
  storedNow.current = stored;
  useEffect(
    () => () => {
      if (typed.current !== null && typed.current !== storedNow.current) dispatch(renameTab(tabId, typed.current));
    },
    [dispatch, tabId],
  );
  if (!editMode) return <span data-test="dashboard-tab-title">{text}</span>;
  const commit = (value: string) => {
    typed.current = null;
    if (value !== stored) dispatch(renameTab(tabId, value));
  };
  return (
    <input
      // The input keeps what is typed until it is committed; when the stored title changes otherwise (a header
      // re-mounted before its input lost focus committed it, undo, redo) the input starts again from the store.
      // Without the key it would keep showing the old text, and a later focus and blur would write that back.
      key={stored}
      data-test="dashboard-tab-title-input"
      aria-label={t('Tab title')}
      defaultValue={stored}
      placeholder={t('Tab title')}
      size={Math.max(8, text.length)}
      onChange={(event) => {
        typed.current = event.currentTarget.value;
      }}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Enter') event.currentTarget.blur();
      }}
      onBlur={(event) => commit(event.currentTarget.value)}
      style={{ border: 0, background: 'transparent', outline: 'none', font: 'inherit', color: 'inherit', padding: 0 }}
    />
  );
}
