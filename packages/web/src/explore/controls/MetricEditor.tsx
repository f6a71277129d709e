// The metric popover's content: Saved (dataset metrics, saved measures), Simple (column, aggregate, percentile)
// and Custom SQL tabs, an editable title, Close and Save (disabled while the metric is invalid).
import { EditOutlined } from '@ant-design/icons';
import { METRIC_AGGREGATES, type MetricColumn, PERCENTILE_CHOICES, type QueryFormMetric } from '@nezha/core';
import { Button, Input, Select, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../store/hooks';
import ColumnTypeIcon from '../components/ColumnTypeIcon';
import { useReportDirty } from './editor-dirty';
import { draftChanged } from './editor-popover-rules';
import { draftOf, draftTitle, isDraftValid, type MetricDraft, type MetricTab, metricOfDraft } from './metric-draft';
import { columnLabelOf, columnOptions, genericTypeOf, savedMetricOptions } from './options';

interface MetricEditorProps {
  metric: QueryFormMetric | null;
  presetColumn?: MetricColumn | null;
  onSave: (metric: QueryFormMetric) => void;
  onClose: () => void;
}

export default function MetricEditor({ metric, presetColumn, onSave, onClose }: MetricEditorProps) {
  const { t } = useTranslation();
  const datasource = useAppSelector((state) => state.explore.datasource);
  const savedColumns = useAppSelector((state) => state.explore.savedColumns);
  const savedMeasures = useAppSelector((state) => state.explore.savedMeasures);
  const [initial] = useState<MetricDraft>(() => draftOf(metric, presetColumn));
  const [draft, setDraft] = useState<MetricDraft>(initial);
  useReportDirty(draftChanged(initial, draft, ['tab']));
  const [editingTitle, setEditingTitle] = useState(false);
  const columns = useMemo(() => columnOptions(datasource, savedColumns), [datasource, savedColumns]);
  const saved = useMemo(() => savedMetricOptions(datasource, savedMeasures), [datasource, savedMeasures]);
  const update = (change: Partial<MetricDraft>) => setDraft((previous) => ({ ...previous, ...change }));
  const valid = isDraftValid(draft);

  const simple = (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div>
        <Typography.Text type="secondary">{t('Column')}</Typography.Text>
        <Select
          showSearch={{ optionFilterProp: 'title' }}
          style={{ width: '100%' }}
          placeholder={t('Select column')}
          value={draft.column?.column_name}
          onChange={(name: string) => {
            const column = columns.find((option) => option.column_name === name);
            update({ column: column ? { column_name: column.column_name, type: column.type ?? null } : null });
          }}
          options={columns.map((column) => ({
            value: column.column_name,
            title: columnLabelOf(column),
            label: (
              <span style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                <ColumnTypeIcon type={genericTypeOf(column)} />
                {columnLabelOf(column)}
              </span>
            ),
          }))}
          data-test="metric-column-select"
        />
      </div>
      <div>
        <Typography.Text type="secondary">{t('Aggregate')}</Typography.Text>
        <Select
          showSearch
          style={{ width: '100%' }}
          placeholder={t('Select aggregate options')}
          value={draft.aggregate ?? undefined}
          onChange={(aggregate) => update({ aggregate })}
          options={METRIC_AGGREGATES.map((aggregate) => ({ value: aggregate, label: aggregate }))}
          data-test="metric-aggregate-select"
        />
      </div>
      {draft.aggregate === 'PERCENTILE' && (
        <div>
          <Typography.Text type="secondary">{t('Percentile')}</Typography.Text>
          <Select
            style={{ width: '100%' }}
            placeholder={t('Select percentile')}
            value={draft.percentile ?? undefined}
            onChange={(percentile) => update({ percentile })}
            options={PERCENTILE_CHOICES.map((choice) => ({ value: choice.value, label: choice.label }))}
            data-test="metric-percentile-select"
          />
        </div>
      )}
    </div>
  );

  return (
    <div style={{ width: 340 }} data-test="metric-editor">
      <div style={{ display: 'flex', alignItems: 'center', gap: 6, marginBottom: 8 }}>
        {editingTitle ? (
          <Input
            autoFocus
            size="small"
            placeholder={draftTitle({ ...draft, label: '' })}
            value={draft.label}
            onChange={(event) => update({ label: event.target.value })}
            onBlur={() => setEditingTitle(false)}
            onPressEnter={() => setEditingTitle(false)}
            data-test="metric-label-input"
          />
        ) : (
          <Button
            type="text"
            size="small"
            onClick={() => setEditingTitle(true)}
            style={{ fontWeight: 600, paddingLeft: 0 }}
            data-test="metric-title"
          >
            {t(draftTitle(draft))} <EditOutlined />
          </Button>
        )}
      </div>
      <Tabs
        size="small"
        activeKey={draft.tab}
        onChange={(tab) => update({ tab: tab as MetricTab })}
        items={[
          {
            key: 'SAVED',
            label: t('Saved'),
            children: (
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: '100%' }}
                placeholder={saved.length ? t('Select a saved metric') : t('No saved metrics found')}
                value={draft.savedName ?? undefined}
                onChange={(savedName: string) => update({ savedName })}
                options={saved.map((option) => ({
                  value: option.value,
                  label: option.kind === 'measure' ? `${option.label} (${t('measure')})` : option.label,
                }))}
                data-test="saved-metric-select"
              />
            ),
          },
          { key: 'SIMPLE', label: t('Simple'), children: simple },
          {
            key: 'SQL',
            label: t('Custom SQL'),
            children: (
              <Input.TextArea
                autoSize={{ minRows: 4, maxRows: 10 }}
                placeholder="SUM(num)"
                value={draft.sqlExpression}
                onChange={(event) => update({ sqlExpression: event.target.value })}
                style={{ fontFamily: 'monospace' }}
                data-test="metric-sql-input"
              />
            ),
          },
        ]}
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 12 }}>
        <Button size="small" onClick={onClose} data-test="metric-close">
          {t('Close')}
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={!valid}
          onClick={() => onSave(metricOfDraft(draft))}
          data-test="metric-save"
        >
          {t('Save')}
        </Button>
      </div>
    </div>
  );
}
