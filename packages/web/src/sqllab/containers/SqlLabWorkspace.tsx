// SQL Lab's screen once loaded: the tab bar, then the active tab's left bar beside its editor/results split.
import { Button, Empty } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { SqlActions } from '../../assistant/AssistantPanel';
import LazyAssistantPanel from '../../assistant/LazyAssistantPanel';
import { isStandalone } from '../../components/layout/standalone';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import SplitPane from '../components/SplitPane';
import { newQueryTabName, openQueryEditor, selectActiveEditor, selectQueryEditors, sqlLabActions } from '../state';
import EditorPane from './EditorPane';
import LeftBar from './LeftBar';
import { runEditorQuery } from './run-sql';
import SouthPaneContainer from './SouthPaneContainer';
import TabBarContainer from './TabBarContainer';

/** The navigation bar's height, which the page leaves to it unless standalone. */
const NAV_HEIGHT = 56;
const DEFAULT_NORTH_PERCENT = 50;

export default function SqlLabWorkspace() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [searchParams] = useSearchParams();
  const editor = useAppSelector(selectActiveEditor);
  const standalone = isStandalone(searchParams.get('standalone'));
  const editors = useAppSelector(selectQueryEditors);
  const conversations = useAppSelector((state) => state.sqlLab.copilotConversations);
  const [assistantOpen, setAssistantOpen] = useState(false);
  const editorId = editor?.id ?? null;
  const tabNames = useMemo(() => editors.map((tab) => tab.name), [editors]);

  const onConversationChange = useCallback(
    (conversationId: number | null) => {
      if (editorId) dispatch(sqlLabActions.copilotConversationChanged({ editorId, conversationId }));
    },
    [dispatch, editorId],
  );
  // What the assistant's SQL blocks do with the active tab: insert, insert and run, or a new tab that runs it.
  const sqlActions = useMemo<SqlActions | undefined>(() => {
    if (!editorId) return undefined;
    return {
      insert: (sql) => dispatch(sqlLabActions.queryEditorSqlChanged(editorId, sql)),
      run: (sql) => {
        dispatch(sqlLabActions.queryEditorSqlChanged(editorId, sql));
        void dispatch(runEditorQuery(editorId));
      },
      openInNewTab: (sql, databaseId, schema) =>
        void dispatch(
          openQueryEditor({ name: newQueryTabName(tabNames), sql, dbId: databaseId, schema, autorun: true }),
        ),
    };
  }, [dispatch, editorId, tabNames]);

  return (
    <div
      style={{
        height: standalone ? '100vh' : `calc(100vh - ${NAV_HEIGHT}px)`,
        minHeight: 480,
        display: 'flex',
        flexDirection: 'column',
        background: '#fff',
      }}
      data-test="sqllab"
    >
      <div style={{ padding: '8px 12px 0', flex: 'none', display: 'flex', alignItems: 'flex-start', gap: 12 }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <TabBarContainer />
        </div>
        <Link to="/savedqueryview/list/" style={{ lineHeight: '32px', whiteSpace: 'nowrap' }} data-test="saved-queries">
          {t('Saved queries')}
        </Link>
        <Button
          size="small"
          type={assistantOpen ? 'primary' : 'default'}
          style={{ marginTop: 4 }}
          onClick={() => setAssistantOpen((open) => !open)}
          data-test="assistant-toggle"
        >
          {t('Assistant')}
        </Button>
      </div>
      {editor ? (
        <div style={{ flex: 1, minHeight: 0, display: 'flex' }}>
          {!editor.hideLeftBar && <LeftBar key={editor.viewKey ?? editor.id} editor={editor} />}
          <main
            style={{
              flex: 1,
              minWidth: 0,
              minHeight: 0,
              padding: '8px 12px',
              display: 'flex',
              flexDirection: 'column',
            }}
          >
            <SplitPane
              key={editor.viewKey ?? editor.id}
              northPercent={editor.northPercent ?? DEFAULT_NORTH_PERCENT}
              onResize={(split) => dispatch(sqlLabActions.queryEditorHeightChanged(editor.id, split))}
              north={<EditorPane editor={editor} />}
              south={<SouthPaneContainer editor={editor} />}
              height="100%"
            />
          </main>
          {assistantOpen && (
            <LazyAssistantPanel
              key={editor.viewKey ?? editor.id}
              context="sqllab"
              conversationId={conversations[editor.id] ?? null}
              onConversationChange={onConversationChange}
              sqlActions={sqlActions}
              onClose={() => setAssistantOpen(false)}
            />
          )}
        </div>
      ) : (
        <Empty description={t('Open a tab to write a query')} style={{ marginTop: 64 }} />
      )}
    </div>
  );
}
