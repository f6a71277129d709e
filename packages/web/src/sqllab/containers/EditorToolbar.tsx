// Under the editor: run or stop, the timer, the row limit, template parameters, cost estimate, format, shortcuts.
import { CalculatorOutlined, FormatPainterOutlined } from '@ant-design/icons';
import { isActiveState } from '@nezha/core';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import KeyboardShortcutsButton from '../components/KeyboardShortcutsButton';
import type { UserOs } from '../components/keyboard-shortcuts';
import LeftBarToggle from '../components/LeftBarToggle';
import QueryLimitSelect from '../components/QueryLimitSelect';
import QueryStateBadge from '../components/QueryStateBadge';
import QueryTimer from '../components/QueryTimer';
import RunButton from '../components/RunButton';
import TemplateParamsEditor from '../components/TemplateParamsEditor';
import {
  estimateQueryCost,
  formatQuery,
  type QueryEditor,
  selectCostEstimate,
  selectDatabase,
  selectLatestQuery,
  selectSqlLabConf,
  sqlLabActions,
  stopQuery,
} from '../state';
import QueryActions from './QueryActions';
import { runEditorQuery } from './run-sql';

// Dialogs load when first opened.
const EstimateCostModal = lazy(() => import('../components/EstimateCostModal'));

/** Superset's fallback when SQL_MAX_ROW is not set. */
const FALLBACK_MAX_ROW = 100_000;

interface EditorToolbarProps {
  editor: QueryEditor;
  os: UserOs;
}

export default function EditorToolbar({ editor, os }: EditorToolbarProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const conf = useAppSelector(selectSqlLabConf);
  const offline = useAppSelector((state) => state.sqlLab.offline);
  const latest = useAppSelector((state) => selectLatestQuery(state, editor.id));
  const estimate = useAppSelector((state) => selectCostEstimate(state, editor.id));
  // As Superset's SQL Lab: offered only where the database can estimate (an engine without EXPLAIN cannot).
  const canEstimate = useAppSelector((state) => selectDatabase(state, editor.dbId)?.allows_cost_estimate !== false);
  const [estimating, setEstimating] = useState(false);
  const running = latest !== undefined && isActiveState(latest.state);
  const limit = editor.queryLimit || conf.defaultQueryLimit;
  const maxRow = conf.sqlMaxRow ?? Math.max(FALLBACK_MAX_ROW, limit);
  const canRun = Boolean(editor.dbId) && editor.sql.trim() !== '';

  const estimateCost = () => {
    setEstimating(true);
    void dispatch(estimateQueryCost(editor.id));
  };

  return (
    <div
      style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap', padding: '8px 0 4px' }}
      data-test="sql-editor-toolbar"
    >
      <LeftBarToggle
        hidden={editor.hideLeftBar ?? false}
        onToggle={(hidden) => dispatch(sqlLabActions.queryEditorLeftBarToggled(editor.id, hidden))}
      />
      <RunButton
        running={running}
        hasSelection={Boolean(editor.selectedText)}
        onRun={() => void dispatch(runEditorQuery(editor.id))}
        onStop={() => latest && void dispatch(stopQuery(latest.id))}
        disabled={!canRun}
        os={os}
      />
      {latest && <QueryTimer state={latest.state} startDttm={latest.startDttm} endDttm={latest.endDttm} />}
      {offline && <QueryStateBadge state="offline" />}
      <QueryLimitSelect
        value={limit}
        maxRow={maxRow}
        onChange={(value) => dispatch(sqlLabActions.queryEditorQueryLimitChanged(editor.id, value))}
      />
      <TemplateParamsEditor
        value={editor.templateParams}
        onChange={(text) => dispatch(sqlLabActions.queryEditorTemplateParamsChanged(editor.id, text || null))}
      />
      {canEstimate && (
        <Tooltip title={t('Estimate the cost before running a query')}>
          <Button
            size="small"
            icon={<CalculatorOutlined />}
            onClick={estimateCost}
            disabled={!canRun}
            data-test="estimate-cost"
          >
            {t('Estimate cost')}
          </Button>
        </Tooltip>
      )}
      <Tooltip title={t('Format SQL')}>
        <Button
          size="small"
          type="text"
          icon={<FormatPainterOutlined />}
          onClick={() => void dispatch(formatQuery(editor.id))}
          disabled={editor.sql.trim() === ''}
          aria-label={t('Format SQL')}
          data-test="format-sql"
        />
      </Tooltip>
      <KeyboardShortcutsButton os={os} />
      <div style={{ flex: 1 }} />
      <QueryActions editor={editor} />
      {estimating && (
        <Suspense fallback={null}>
          <EstimateCostModal
            open
            loading={!estimate || (!estimate.completed && !estimate.error)}
            cost={estimate?.cost ?? null}
            error={estimate?.error ?? null}
            onClose={() => setEstimating(false)}
            onRetry={estimateCost}
          />
        </Suspense>
      )}
    </div>
  );
}
