// A checkable tree of the dashboard's tabs and charts that edits a filter scope (tabs as rootPath, exclusions).
import type { NativeFilterScope } from '@nezha/core';
import { Tree } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import { checkedChartKeys, scopeFromChecked, scopeTree } from './scope-tree';

interface Props {
  scope: NativeFilterScope;
  onChange: (scope: NativeFilterScope) => void;
  /** A chart that cannot be in its own scope (cross-filter scoping). */
  disabledChartId?: number;
}

export default function ScopeTree({ scope, onChange, disabledChartId }: Props) {
  const { t } = useTranslation();
  const layout = useAppSelector((state) => state.dashboardLayout.present);
  const slices = useAppSelector((state) => state.sliceEntities.slices);
  const allChartIds = useAppSelector((state) => state.dashboardState.sliceIds);
  const names = useMemo(
    () => Object.fromEntries(Object.values(slices).map((slice) => [slice.slice_id, slice.slice_name])),
    [slices],
  );
  const tree = useMemo(() => {
    const root = scopeTree(layout, names, t('All panels'));
    const mark = (node: typeof root): typeof root & { disabled?: boolean } =>
      node.key === `chart:${disabledChartId}`
        ? { ...node, disabled: true }
        : { ...node, ...(node.children ? { children: node.children.map(mark) } : {}) };
    return [mark(root)];
  }, [layout, names, t, disabledChartId]);
  return (
    <Tree
      checkable
      defaultExpandAll
      selectable={false}
      treeData={tree}
      checkedKeys={checkedChartKeys(scope, layout, allChartIds)}
      onCheck={(checked) => {
        const keys = (Array.isArray(checked) ? checked : checked.checked).map(String);
        onChange(scopeFromChecked(keys, layout));
      }}
      data-test="scope-tree"
    />
  );
}
