// "Set filter mapping" (Superset's FilterScopeModal and FilterScopeSelector): the dashboard's legacy filters, each
// filter box with its columns on the left, and on the right the tabs and charts the chosen column filters. Applying
// writes json_metadata.filter_scopes; the charts ask again at once and the dashboard saves it with its next save.
import {
  chartsInLegacyScope,
  defaultLegacyScope,
  type LegacyColumnScope,
  legacyScopeFromChecked,
  withLegacyScope,
} from '@nezha/core';
import { Empty, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from '../../../components/Modal';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { dashboardInfoActions } from '../../state/dashboard-info';
import { dashboardStateActions } from '../../state/dashboard-state';
import { selectLegacyFilters } from '../../state/selectors';
import { chartKey, scopeTree } from './scope-tree';

interface Field {
  chartId: number;
  column: string;
}

const fieldKey = ({ chartId, column }: Field) => `${chartId}:${column}`;

export default function FilterScopeModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectLegacyFilters);
  const layout = useAppSelector((state) => state.dashboardLayout.present);
  const slices = useAppSelector((state) => state.sliceEntities.slices);
  const allChartIds = useAppSelector((state) => state.dashboardState.sliceIds);
  const stored = useAppSelector((state) => state.dashboardInfo.metadata.filter_scopes);
  const fields = useMemo(
    () =>
      filters.flatMap((filter) => Object.keys(filter.scopes).map((column) => ({ chartId: filter.chartId, column }))),
    [filters],
  );
  const [selected, setSelected] = useState<Field | null>(fields[0] ?? null);
  // Scopes edited here, by field, until Save.
  const [edited, setEdited] = useState<Record<string, LegacyColumnScope>>({});
  const names = useMemo(
    () => Object.fromEntries(Object.values(slices).map((slice) => [slice.slice_id, slice.slice_name])),
    [slices],
  );

  const scopeOf = (field: Field): LegacyColumnScope =>
    edited[fieldKey(field)] ??
    filters.find((filter) => filter.chartId === field.chartId)?.scopes[field.column] ??
    defaultLegacyScope();

  const tree = useMemo(() => {
    if (!selected) return [];
    const root = scopeTree(layout, names, t('All charts'));
    // The filter box filters no chart of itself.
    const mark = (node: typeof root): typeof root & { disabled?: boolean } =>
      node.key === chartKey(selected.chartId)
        ? { ...node, disabled: true }
        : { ...node, ...(node.children ? { children: node.children.map(mark) } : {}) };
    return [mark(root)];
  }, [layout, names, t, selected]);

  const columnLabel = (column: string) => (column === '__time_range' ? t('Time range') : column);

  const apply = () => {
    let scopes: Record<string, unknown> = stored;
    for (const field of fields) {
      const scope = edited[fieldKey(field)];
      if (scope) scopes = withLegacyScope(scopes, field.chartId, field.column, scope);
    }
    dispatch(dashboardInfoActions.filterScopesChanged(scopes));
    dispatch(dashboardStateActions.unsavedChangesSet(true));
    onClose();
  };

  return (
    <Modal
      open
      title={t('Configure filter scopes')}
      width={900}
      okText={t('Save')}
      cancelText={t('Close')}
      onOk={apply}
      onCancel={onClose}
      okButtonProps={{ disabled: fields.length === 0 }}
      styles={{ body: { display: 'flex', gap: 16, minHeight: 360 } }}
      data-test="filter-scope-modal"
    >
      {fields.length === 0 ? (
        <Empty style={{ margin: 'auto' }} description={t('There are no filters in this dashboard.')} />
      ) : (
        <>
          <div
            style={{ width: 260, flex: '0 0 260px', borderRight: '1px solid #f0f0f0', paddingRight: 12 }}
            data-test="filter-scope-fields"
          >
            {filters.map((filter) => (
              <div key={filter.chartId} style={{ marginBottom: 12 }}>
                <Typography.Text strong>{names[filter.chartId] ?? String(filter.chartId)}</Typography.Text>
                {Object.keys(filter.scopes).map((column) => {
                  const field = { chartId: filter.chartId, column };
                  const active = selected !== null && fieldKey(selected) === fieldKey(field);
                  return (
                    <button
                      type="button"
                      key={column}
                      onClick={() => setSelected(field)}
                      aria-pressed={active}
                      data-test="filter-scope-field"
                      style={{
                        display: 'block',
                        width: '100%',
                        textAlign: 'left',
                        border: 0,
                        font: 'inherit',
                        padding: '6px 8px 6px 16px',
                        borderRadius: 4,
                        cursor: 'pointer',
                        background: active ? '#e6f7fb' : 'transparent',
                      }}
                    >
                      {columnLabel(column)}
                    </button>
                  );
                })}
              </div>
            ))}
          </div>
          <div style={{ flex: 1 }}>
            {selected && (
              <>
                <Typography.Paragraph type="secondary">
                  {t('Charts the filter {{name}} applies to', { name: columnLabel(selected.column) })}
                </Typography.Paragraph>
                <Tree
                  checkable
                  defaultExpandAll
                  selectable={false}
                  treeData={tree}
                  checkedKeys={chartsInLegacyScope(scopeOf(selected), layout, allChartIds, selected.chartId).map(
                    chartKey,
                  )}
                  onCheck={(checked) => {
                    const keys = (Array.isArray(checked) ? checked : checked.checked).map(String);
                    const chartIds = keys
                      .filter((key) => key.startsWith('chart:'))
                      .map((key) => Number(key.slice('chart:'.length)))
                      .filter((id) => id !== selected.chartId);
                    setEdited((current) => ({
                      ...current,
                      [fieldKey(selected)]: legacyScopeFromChecked(layout, chartIds),
                    }));
                  }}
                  data-test="filter-scope-tree"
                />
              </>
            )}
          </div>
        </>
      )}
    </Modal>
  );
}
