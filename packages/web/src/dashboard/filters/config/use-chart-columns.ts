// The dashboard's charts with the columns of their datasets: what a filter's default scope and the "affected
// charts" list of the filter configuration dialog are worked out from.
import { type ChartColumns, chartIdsInScope, type NativeFilterScope } from '@nezha/core';
import { useMemo } from 'react';
import { useAppSelector } from '../../../store/hooks';
import { selectChartColumns } from '../../state/selectors';

export function useChartColumns(): ChartColumns[] {
  return useAppSelector(selectChartColumns);
}

/** The names of the charts a scope covers, in dashboard order. */
export function useChartsInScopeNames(scope: NativeFilterScope): string[] {
  const layout = useAppSelector((state) => state.dashboardLayout.present);
  const allChartIds = useAppSelector((state) => state.dashboardState.sliceIds);
  const slices = useAppSelector((state) => state.sliceEntities.slices);
  return useMemo(
    () => chartIdsInScope(scope, layout, allChartIds).map((id) => slices[id]?.slice_name ?? String(id)),
    [scope, layout, allChartIds, slices],
  );
}
