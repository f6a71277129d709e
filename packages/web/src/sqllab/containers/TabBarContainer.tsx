// The editor's tab bar wired to the tab state: activate, add, close, rename, clone ("Copy of …"), left bar.
import { createSelector } from '@reduxjs/toolkit';
import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import TabBar from '../components/TabBar';
import type { EditorTab } from '../components/types';
import {
  activateQueryEditor,
  addNewQueryEditor,
  cloneQueryToNewTab,
  removeQueryEditor,
  type SqlLabRootState,
  selectActiveEditorId,
  selectQueryEditors,
  sqlLabActions,
} from '../state';

const selectEditorTabs = createSelector(
  [selectQueryEditors, (state: SqlLabRootState) => state.sqlLab.queries],
  (editors, queries): EditorTab[] =>
    editors.map((editor) => ({
      id: editor.id,
      ...(editor.viewKey ? { viewKey: editor.viewKey } : {}),
      name: editor.name,
      queryState: editor.latestQueryId ? (queries[editor.latestQueryId]?.state ?? null) : null,
      hideLeftBar: editor.hideLeftBar ?? false,
    })),
);

export default function TabBarContainer() {
  const dispatch = useAppDispatch();
  const tabs = useAppSelector(selectEditorTabs);
  const editors = useAppSelector(selectQueryEditors);
  const activeId = useAppSelector(selectActiveEditorId) ?? null;

  const removeAll = useCallback(
    async (ids: string[]) => {
      for (const id of ids) await dispatch(removeQueryEditor(id));
    },
    [dispatch],
  );

  const duplicate = async (id: string) => {
    const editor = editors.find((candidate) => candidate.id === id);
    if (!editor?.dbId) return;
    // The copy is named after the active tab, so the tab copied is made active first.
    if (id !== activeId) await dispatch(activateQueryEditor(id));
    dispatch(
      cloneQueryToNewTab({
        dbId: editor.dbId,
        sql: editor.sql,
        catalog: editor.catalog ?? null,
        schema: editor.schema ?? null,
        queryLimit: editor.queryLimit ?? null,
      }),
    );
  };

  return (
    <TabBar
      tabs={tabs}
      activeId={activeId}
      onSelect={(id) => void dispatch(activateQueryEditor(id))}
      onAdd={() => dispatch(addNewQueryEditor())}
      onClose={(id) => void dispatch(removeQueryEditor(id))}
      onCloseOthers={(id) => void removeAll(tabs.filter((tab) => tab.id !== id).map((tab) => tab.id))}
      onCloseAll={() => void removeAll(tabs.map((tab) => tab.id))}
      onRename={(id, name) => dispatch(sqlLabActions.queryEditorNameChanged(id, name))}
      onDuplicate={(id) => void duplicate(id)}
      onToggleLeftBar={(id, hidden) => dispatch(sqlLabActions.queryEditorLeftBarToggled(id, hidden))}
    />
  );
}
