// Fast loading of one chart: it asks for data when it is in view and its filters or own state changed since it
// last asked; a refresh made while it was out of view runs when it scrolls in.
import { ownStateFor } from '@nezha/core';
import { type RefObject, useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { useInView } from '../../hooks/use-in-view';
import { effectiveFormData, selectActiveFilters, selectLegacyFilters } from '../../state/selectors';
import { chartNeedsData, chartRequestKey, requestChartData } from '../../state/thunks/chart-data';
import { setChartVisible } from '../../state/thunks/chart-visibility';

export function useChartRequest(chartId: number, ref: RefObject<HTMLElement | null>): boolean {
  const dispatch = useAppDispatch();
  const inView = useInView(ref);
  // A string, so that the component re-renders only when what the chart would ask for changes; worked out again
  // only when what it is made of changed, not on every store update (fifty charts' answers arriving are hundreds).
  const memo = useRef<{ inputs: readonly unknown[]; key: string | null } | null>(null);
  const requestKey = useAppSelector((state) => {
    const inputs = [
      state.sliceEntities.slices[chartId],
      state.dashboardInfo.id,
      state.dashboardState.colorScheme,
      // Memoised: the same object while filters, their scopes and the layout stay.
      selectActiveFilters(state),
      selectLegacyFilters(state),
      state.dataMask,
    ];
    const kept = memo.current;
    if (kept?.inputs.every((input, index) => input === inputs[index])) return kept.key;
    const formData = effectiveFormData(state, chartId);
    const key = formData ? chartRequestKey(formData, ownStateFor(state.dataMask, chartId)) : null;
    memo.current = { inputs, key };
    return key;
  });
  const triggered = useAppSelector((state) => state.charts[chartId]?.triggerQuery === true);

  useEffect(() => {
    const forceWaiting = dispatch(setChartVisible(chartId, inView));
    if (!inView || requestKey === null) return;
    dispatch((innerDispatch, getState) => {
      if (forceWaiting) innerDispatch(requestChartData(chartId, { force: true }));
      else if (triggered || chartNeedsData(getState(), chartId)) innerDispatch(requestChartData(chartId));
    });
  }, [dispatch, chartId, inView, requestKey, triggered]);

  useEffect(() => () => void dispatch(setChartVisible(chartId, false)), [dispatch, chartId]);
  return inView;
}
