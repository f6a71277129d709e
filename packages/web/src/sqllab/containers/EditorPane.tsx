// The north pane of the tab: the SQL editor (loaded lazily) wired to the tab's state, and its toolbar.
import { Spin } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { detectOs, type UserOs } from '../components/keyboard-shortcuts';
import LazySqlEditor from '../components/LazySqlEditor';
import type { EditorSelection } from '../components/sql-editor-props';
import {
  addNewQueryEditor,
  formatQuery,
  type QueryEditor,
  selectDatabase,
  selectLatestQuery,
  sqlLabActions,
  stopQuery,
  switchQueryEditor,
} from '../state';
import EditorToolbar from './EditorToolbar';
import { runEditorQuery } from './run-sql';
import { useEditorCompletion } from './use-completion';

function browserOs(): UserOs {
  if (typeof navigator === 'undefined') return 'linux';
  const data = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  return detectOs(data?.platform ?? navigator.platform, navigator.userAgent);
}

export default function EditorPane({ editor }: { editor: QueryEditor }) {
  const dispatch = useAppDispatch();
  const database = useAppSelector((state) => selectDatabase(state, editor.dbId));
  const latest = useAppSelector((state) => selectLatestQuery(state, editor.id));
  const { completion, requestColumns } = useEditorCompletion(editor);
  const os = useMemo(browserOs, []);
  const id = editor.id;
  const latestId = latest?.id;
  // Selection reports come on every keystroke; only changes are stored.
  const lastSelection = useRef<{ text: string; line: number; column: number } | null>(null);

  // A tab opened with autorun (a clone, a chart's SQL) runs once, as soon as it is shown.
  // The ref keeps React's development double effect from running it twice.
  const autoran = useRef<string | null>(null);
  useEffect(() => {
    if (!editor.autorun) autoran.current = null;
    if (!editor.autorun || !editor.loaded || !editor.dbId || autoran.current === id) return;
    autoran.current = id;
    dispatch(sqlLabActions.queryEditorAutorunChanged(id, false));
    void dispatch(runEditorQuery(id));
  }, [dispatch, id, editor.autorun, editor.loaded, editor.dbId]);

  const handlers = useMemo(
    () => ({
      onChange: (sql: string) => dispatch(sqlLabActions.queryEditorSqlChanged(id, sql)),
      onSelectionChange: (selection: EditorSelection) => {
        const previous = lastSelection.current;
        const { line, column } = selection.cursor;
        if (previous?.text !== selection.selectedText) {
          dispatch(sqlLabActions.queryEditorSelectedTextChanged(id, selection.selectedText || null));
        }
        if (previous?.line !== line || previous.column !== column) {
          dispatch(sqlLabActions.queryEditorCursorMoved(id, { row: line - 1, column }));
        }
        lastSelection.current = { text: selection.selectedText, line, column };
      },
      onRun: () => void dispatch(runEditorQuery(id)),
      onRunCurrent: (sql: string) => void dispatch(runEditorQuery(id, sql)),
      onStop: () => {
        if (latestId) void dispatch(stopQuery(latestId));
      },
      onFormat: () => void dispatch(formatQuery(id)),
      onNewTab: () => void dispatch(addNewQueryEditor()),
      onPreviousTab: () => void dispatch(switchQueryEditor(true)),
      onNextTab: () => void dispatch(switchQueryEditor(false)),
    }),
    [dispatch, id, latestId],
  );

  const cursor = editor.cursorPosition
    ? { line: editor.cursorPosition.row + 1, column: editor.cursorPosition.column }
    : undefined;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-test="editor-pane">
      <div style={{ flex: 1, minHeight: 0 }}>
        {editor.loaded ? (
          <LazySqlEditor
            key={editor.viewKey ?? id}
            value={editor.sql}
            dialect={database?.editor_dialect}
            completion={completion}
            onRequestColumns={requestColumns}
            initialCursor={cursor}
            os={os}
            autoFocus
            {...handlers}
          />
        ) : (
          <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 48 }} data-test="tab-loading">
            <Spin />
          </div>
        )}
      </div>
      <EditorToolbar editor={editor} os={os} />
    </div>
  );
}
