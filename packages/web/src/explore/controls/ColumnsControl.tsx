// Dimensions, columns or the x-axis: pills opening the column popover, "+ Drop columns here or click", and drops
// of columns from the datasource panel.
import { getColumnLabel, isAdhocColumn, type QueryFormColumn } from '@nezha/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../store/hooks';
import ColumnTypeIcon from '../components/ColumnTypeIcon';
import { type DragItem, useControlDroppable } from '../components/dnd';
import AddControlButton from './AddControlButton';
import ColumnEditor from './ColumnEditor';
import ControlPill from './ControlPill';
import EditorPopover from './EditorPopover';
import { columnKey, columnOptions, genericTypeOf } from './options';

interface ColumnsControlProps {
  name: string;
  multi: boolean;
  value: unknown;
  onChange: (value: unknown) => void;
  preferTemporal?: boolean;
}

export default function ColumnsControl({ name, multi, value, onChange, preferTemporal }: ColumnsControlProps) {
  const { t } = useTranslation();
  const datasource = useAppSelector((state) => state.explore.datasource);
  const savedColumns = useAppSelector((state) => state.explore.savedColumns);
  const options = useMemo(() => columnOptions(datasource, savedColumns), [datasource, savedColumns]);
  const columns: QueryFormColumn[] = multi
    ? Array.isArray(value)
      ? (value as QueryFormColumn[])
      : []
    : value === null || value === undefined || value === ''
      ? []
      : [value as QueryFormColumn];
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  const commit = (next: QueryFormColumn[]) => onChange(multi ? next : (next[0] ?? null));
  const save = (index: number | 'new', column: QueryFormColumn) => {
    if (index === 'new')
      commit(multi ? [...columns.filter((c) => getColumnLabel(c) !== getColumnLabel(column)), column] : [column]);
    else commit(columns.map((current, at) => (at === index ? column : current)));
    setEditing(null);
  };
  const onDrop = (item: DragItem) => {
    if (item.kind !== 'column') return;
    const dropped = item.column.column_name;
    if (multi && columns.some((column) => column === dropped)) return;
    commit(multi ? [...columns, dropped] : [dropped]);
  };
  const drop = useControlDroppable(`columns-${name}`, ['column'], onDrop);

  const iconOf = (column: QueryFormColumn) => {
    if (isAdhocColumn(column)) return <ColumnTypeIcon type="unknown" title={column.sqlExpression} />;
    const option = options.find((candidate) => candidate.column_name === column);
    return <ColumnTypeIcon type={option ? genericTypeOf(option) : 'unknown'} title={option?.type} />;
  };
  // antd shows no popover for empty content, so the editor is always given; destroyOnHidden mounts it afresh.
  const editor = (index: number | 'new') => (
    <ColumnEditor
      column={index === 'new' ? null : (columns[index] ?? null)}
      preferTemporal={preferTemporal ?? false}
      onSave={(column) => save(index, column)}
      onClose={() => setEditing(null)}
    />
  );

  return (
    <div ref={drop.setNodeRef} data-test={`columns-control-${name}`} data-drop-over={drop.isOver || undefined}>
      {columns.map((column, index) => (
        <EditorPopover
          key={columnKey(column, index)}
          open={editing === index}
          onOpen={() => setEditing(index)}
          onDiscard={() => setEditing(null)}
          content={editor(index)}
        >
          <ControlPill
            testId="column-pill"
            label={getColumnLabel(column)}
            icon={iconOf(column)}
            onRemove={() => commit(columns.filter((_, at) => at !== index))}
          />
        </EditorPopover>
      ))}
      {(multi || columns.length === 0) && (
        <EditorPopover
          open={editing === 'new'}
          onOpen={() => setEditing('new')}
          onDiscard={() => setEditing(null)}
          content={editor('new')}
        >
          <AddControlButton
            testId={`add-column-${name}`}
            highlighted={drop.isOver}
            text={multi ? t('Drop columns here or click') : t('Drop a column here or click')}
          />
        </EditorPopover>
      )}
    </div>
  );
}
