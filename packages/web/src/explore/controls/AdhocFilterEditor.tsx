// The adhoc filter popover's content (spec §2, §4, §5): tabs Cohort / Simple / Custom SQL (Cohort hidden for the
// semantic layer's own viz types), resizable from 320×400, Close and Save (disabled while the filter is invalid).
import { type AdhocFilter, type ExpressionType, isCohortTabAvailable } from '@nezha/core';
import { Button, Tabs } from 'antd';
import { type PointerEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cohort } from '../api/types';
import CohortFilterTab from './CohortFilterTab';
import { useReportDirty } from './editor-dirty';
import { draftChanged } from './editor-popover-rules';
import { INVALID, saveBlocker } from './filter-save-rules';
import { FILTER_POPOVER_MIN_HEIGHT, FILTER_POPOVER_MIN_WIDTH } from './filter-values';
import type { ColumnOption } from './options';
import SimpleFilterTab from './SimpleFilterTab';
import SqlFilterTab from './SqlFilterTab';

export interface AdhocFilterEditorProps {
  filter: AdhocFilter;
  vizType: string;
  columns: ColumnOption[];
  metricLabels: string[];
  cohorts: Cohort[];
  sensitiveColumns: string[];
  datasource: { id: number; type: string } | null;
  /** The table's partition column(s): LATEST_PARTITION is offered for them only. */
  partitionColumn?: string | readonly string[] | null;
  onSave: (filter: AdhocFilter) => void;
  onClose: () => void;
}

export default function AdhocFilterEditor(props: AdhocFilterEditorProps) {
  const { vizType, columns, metricLabels, cohorts, sensitiveColumns, datasource, partitionColumn, onSave, onClose } =
    props;
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AdhocFilter>(props.filter);
  const [tab, setTab] = useState<ExpressionType>(
    props.filter.filterGroup ? 'SQL' : (props.filter.currentEditTab ?? props.filter.expressionType),
  );
  const [size, setSize] = useState({ width: FILTER_POPOVER_MIN_WIDTH + 60, height: FILTER_POPOVER_MIN_HEIGHT });
  const cohortTab = isCohortTabAvailable(vizType);
  const blocker = saveBlocker(draft, { columns, cohorts, sensitiveColumns });
  useReportDirty(draftChanged(props.filter, draft, ['currentEditTab']));
  const sqlError = draft.expressionType === 'SQL' && blocker && blocker !== INVALID ? blocker : null;

  const startResize = (event: PointerEvent<HTMLButtonElement>) => {
    event.preventDefault();
    const start = { x: event.clientX, y: event.clientY, ...size };
    const move = (moveEvent: globalThis.PointerEvent) =>
      setSize({
        width: Math.max(FILTER_POPOVER_MIN_WIDTH, start.width + moveEvent.clientX - start.x),
        height: Math.max(FILTER_POPOVER_MIN_HEIGHT, start.height + moveEvent.clientY - start.y),
      });
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', stop);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', stop);
  };

  const items = [
    ...(cohortTab
      ? [
          {
            key: 'COHORT',
            label: t('Cohort'),
            children: <CohortFilterTab filter={draft} onChange={setDraft} cohorts={cohorts} columns={columns} />,
          },
        ]
      : []),
    {
      key: 'SIMPLE',
      label: t('Simple'),
      children: (
        <SimpleFilterTab
          filter={draft}
          onChange={setDraft}
          columns={columns}
          metricLabels={metricLabels}
          datasource={datasource}
          partitionColumn={partitionColumn ?? null}
        />
      ),
    },
    {
      key: 'SQL',
      label: t('Custom SQL'),
      children: (
        <SqlFilterTab
          filter={draft}
          onChange={setDraft}
          sqlError={sqlError}
          columns={columns}
          datasource={datasource}
        />
      ),
    },
  ];

  return (
    <div
      data-test="adhoc-filter-editor"
      style={{
        width: size.width,
        height: size.height,
        minWidth: FILTER_POPOVER_MIN_WIDTH,
        minHeight: FILTER_POPOVER_MIN_HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
      }}
    >
      <div style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <Tabs
          size="small"
          activeKey={tab === 'COHORT' && !cohortTab ? 'SIMPLE' : tab}
          onChange={(key) => {
            setTab(key as ExpressionType);
            setDraft((current) => ({ ...current, currentEditTab: key as ExpressionType }));
          }}
          items={items}
        />
      </div>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, paddingTop: 8 }}>
        <Button size="small" onClick={onClose} data-test="filter-close">
          {t('Close')}
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={blocker !== null}
          onClick={() => onSave({ ...draft, isNew: false })}
          data-test="filter-save"
        >
          {t('Save')}
        </Button>
      </div>
      <button
        type="button"
        aria-label={t('Resize')}
        onPointerDown={startResize}
        data-test="filter-resize-handle"
        style={{
          position: 'absolute',
          right: -8,
          bottom: -8,
          width: 14,
          height: 14,
          padding: 0,
          background: 'none',
          border: 'none',
          cursor: 'nwse-resize',
          borderRight: '2px solid #bbb',
          borderBottom: '2px solid #bbb',
        }}
      />
    </div>
  );
}
