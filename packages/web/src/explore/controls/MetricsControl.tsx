// Metrics (or a single metric): pills opening the metric popover, "+ Drop a column/metric here or click",
// and drops from the datasource panel (a metric is added, a column opens the popover with it chosen).
import { getMetricLabel, type MetricColumn, type QueryFormMetric } from '@nezha/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../store/hooks';
import ColumnTypeIcon from '../components/ColumnTypeIcon';
import { type DragItem, useControlDroppable } from '../components/dnd';
import AddControlButton from './AddControlButton';
import ControlPill from './ControlPill';
import EditorPopover from './EditorPopover';
import MetricEditor from './MetricEditor';
import { metricKey } from './options';

interface MetricsControlProps {
  name: string;
  multi: boolean;
  value: unknown;
  onChange: (value: unknown) => void;
}

type Editing = { index: number | 'new'; presetColumn?: MetricColumn | null } | null;

export default function MetricsControl({ name, multi, value, onChange }: MetricsControlProps) {
  const { t } = useTranslation();
  const metrics: QueryFormMetric[] = multi
    ? Array.isArray(value)
      ? (value as QueryFormMetric[])
      : []
    : value === null || value === undefined || value === ''
      ? []
      : [value as QueryFormMetric];
  const [editing, setEditing] = useState<Editing>(null);
  const verboseMap = useAppSelector((state) => state.explore.datasource?.verbose_map) ?? {};

  const commit = (next: QueryFormMetric[]) => onChange(multi ? next : (next[0] ?? null));
  const save = (index: number | 'new', metric: QueryFormMetric) => {
    if (index === 'new') commit(multi ? [...metrics, metric] : [metric]);
    else commit(metrics.map((current, at) => (at === index ? metric : current)));
    setEditing(null);
  };
  const onDrop = (item: DragItem) => {
    if (item.kind === 'metric') commit(multi ? [...metrics, item.metricName] : [item.metricName]);
    else
      setEditing({
        index: 'new',
        presetColumn: { column_name: item.column.column_name, type: item.column.type ?? null },
      });
  };
  const drop = useControlDroppable(`metrics-${name}`, ['metric', 'column'], onDrop);

  // antd shows no popover for empty content, so the editor is always given; destroyOnHidden mounts it afresh.
  const editor = (index: number | 'new') => (
    <MetricEditor
      metric={index === 'new' ? null : (metrics[index] ?? null)}
      presetColumn={editing?.index === index ? (editing.presetColumn ?? null) : null}
      onSave={(metric) => save(index, metric)}
      onClose={() => setEditing(null)}
    />
  );

  return (
    <div ref={drop.setNodeRef} data-test={`metrics-control-${name}`} data-drop-over={drop.isOver || undefined}>
      {metrics.map((metric, index) => (
        <EditorPopover
          key={metricKey(metric, index)}
          open={editing?.index === index}
          onOpen={() => setEditing({ index })}
          onDiscard={() => setEditing(null)}
          content={editor(index)}
        >
          <ControlPill
            testId="metric-pill"
            label={typeof metric === 'string' ? (verboseMap[metric] ?? metric) : getMetricLabel(metric)}
            icon={<ColumnTypeIcon type="metric" />}
            onClick={() => setEditing({ index })}
            onRemove={() => commit(metrics.filter((_, at) => at !== index))}
          />
        </EditorPopover>
      ))}
      {(multi || metrics.length === 0) && (
        <EditorPopover
          open={editing?.index === 'new'}
          onOpen={() => setEditing({ index: 'new' })}
          onDiscard={() => setEditing(null)}
          content={editor('new')}
        >
          <AddControlButton
            testId={`add-metric-${name}`}
            highlighted={drop.isOver}
            text={t('Drop a column/metric here or click')}
            onClick={() => setEditing({ index: 'new' })}
          />
        </EditorPopover>
      )}
    </div>
  );
}
