// Filters: a pill per adhoc filter opening the filter popover, "+ Add filter", columns dropped from the datasource
// panel, and the warning on filters inherited from a dashboard (spec §8).
import { type AdhocFilter, canCacheFilterValue, type QueryFormMetric } from '@nezha/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../store/hooks';
import { fetchPartitionColumns, incrementFilterValues } from '../api/explore-api';
import { type DragItem, useControlDroppable } from '../components/dnd';
import { INHERITED_FILTER } from '../state/messages';
import AddControlButton from './AddControlButton';
import AdhocFilterEditor from './AdhocFilterEditor';
import ControlPill from './ControlPill';
import EditorPopover from './EditorPopover';
import { adhocFilterLabel, metricLabels, newAdhocFilter } from './filter-values';
import { columnOptions } from './options';

interface AdhocFilterControlProps {
  name: string;
  value: unknown;
  onChange: (value: unknown) => void;
}

type Editing = { index: number | 'new'; filter: AdhocFilter } | null;

export default function AdhocFilterControl({ name, value, onChange }: AdhocFilterControlProps) {
  const { t } = useTranslation();
  const explore = useAppSelector((state) => state.explore);
  const { datasource, savedColumns, cohorts, form_data } = explore;
  const filters = Array.isArray(value) ? (value as AdhocFilter[]) : [];
  const [editing, setEditing] = useState<Editing>(null);
  const columns = useMemo(() => columnOptions(datasource, savedColumns), [datasource, savedColumns]);
  const metrics = [
    ...(Array.isArray(form_data.metrics) ? (form_data.metrics as QueryFormMetric[]) : []),
    ...(form_data.metric ? [form_data.metric as QueryFormMetric] : []),
  ];
  const source = datasource && datasource.id > 0 ? { id: datasource.id, type: datasource.type } : null;
  const [partitionColumns, setPartitionColumns] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    setPartitionColumns([]);
    if (datasource) fetchPartitionColumns(datasource).then((found) => live && setPartitionColumns(found));
    return () => {
      live = false;
    };
  }, [datasource]);

  const save = (index: number | 'new', filter: AdhocFilter) => {
    onChange(index === 'new' ? [...filters, filter] : filters.map((current, at) => (at === index ? filter : current)));
    setEditing(null);
    // The chosen values lead the next suggestions (spec §5: only with subject and comparator).
    if (source && canCacheFilterValue(filter) && filter.clause !== 'HAVING' && filter.subject) {
      const values = (Array.isArray(filter.comparator) ? filter.comparator : [filter.comparator]).filter(
        (item): item is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof item),
      );
      if (values.length > 0) {
        incrementFilterValues(
          { datasourceType: source.type, datasourceId: source.id, column: filter.subject },
          values,
        ).catch(() => {});
      }
    }
  };
  const onDrop = (item: DragItem) => {
    if (item.kind === 'column') setEditing({ index: 'new', filter: newAdhocFilter(item.column.column_name) });
  };
  const drop = useControlDroppable(`filters-${name}`, ['column'], onDrop);

  // antd shows no popover for empty content, so the editor is always given; destroyOnHidden mounts it afresh.
  const editor = (index: number | 'new') => (
    <AdhocFilterEditor
      filter={
        editing?.index === index
          ? editing.filter
          : index === 'new'
            ? newAdhocFilter()
            : (filters[index] ?? newAdhocFilter())
      }
      vizType={form_data.viz_type}
      columns={columns}
      metricLabels={metricLabels(metrics)}
      cohorts={cohorts}
      sensitiveColumns={datasource?.sensitive_columns ?? []}
      datasource={source}
      partitionColumn={partitionColumns}
      onSave={(filter) => save(index, filter)}
      onClose={() => setEditing(null)}
    />
  );

  return (
    <div ref={drop.setNodeRef} data-test={`filters-control-${name}`} data-drop-over={drop.isOver || undefined}>
      {filters.map((filter, index) => (
        <EditorPopover
          key={filter.filterOptionName ?? index}
          open={editing?.index === index}
          onOpen={() => setEditing({ index, filter })}
          onDiscard={() => setEditing(null)}
          content={editor(index)}
        >
          <ControlPill
            testId="filter-pill"
            label={adhocFilterLabel(filter)}
            warning={filter.isExtra ? t(INHERITED_FILTER) : undefined}
            onRemove={() => onChange(filters.filter((_, at) => at !== index))}
          />
        </EditorPopover>
      ))}
      <EditorPopover
        open={editing?.index === 'new'}
        onOpen={() => setEditing({ index: 'new', filter: newAdhocFilter() })}
        onDiscard={() => setEditing(null)}
        content={editor('new')}
      >
        <AddControlButton testId={`add-filter-${name}`} highlighted={drop.isOver} text={t('Add filter')} />
      </EditorPopover>
    </div>
  );
}
