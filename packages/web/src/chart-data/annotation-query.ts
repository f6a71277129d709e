// Annotation layers drawn from another chart's data (spec §4 annotation queries, §7, §8): the source chart's saved
// form data with the layer's overrides, POSTed to the chart data URL with a timeout; one request per layer name,
// a new one aborting the earlier; a timeout fails with 'Query timeout', a 'no data' error counts as success.
import type { QueryFormData } from '@nezha/core';
import { nanoid } from '@reduxjs/toolkit';
import { isApiError } from '../api/api-error';
import { toAnnotationData } from '../charts/shared/annotations/annotation-data';
import type { AnnotationLayer } from '../charts/shared/annotations/annotation-layer';
import type { ChartQueryResult } from '../charts/types';
import { fetchChartFormData } from '../explore/api/chart-api';
import { applyAnnotationOverrides } from '../explore/state/annotation-overrides';
import { QUERY_TIMEOUT } from '../explore/state/messages';
import { postChartData } from './chart-data-api';
import { buildChartQuery } from './chart-query';
import { chartsActions } from './charts-slice';
import { abortOn, type ChartDataThunk } from './run-chart-query';

/** SUPERSET_WEBSERVER_TIMEOUT's default, in milliseconds. */
export const ANNOTATION_TIMEOUT_MS = 60_000;

/** The message an annotation failure stores: the timeout's own text, else the error's (the slice falls back). */
export function annotationErrorMessage(error: unknown): string | null {
  if (isApiError(error) && error.clientError.errors?.[0]?.error_type === 'FRONTEND_TIMEOUT_ERROR') return QUERY_TIMEOUT;
  return error instanceof Error ? error.message : null;
}

export function runAnnotationQuery(
  chartId: number,
  layer: AnnotationLayer,
  formData: QueryFormData,
  options: { force?: boolean } = {},
): ChartDataThunk<Promise<void>> {
  return async (dispatch) => {
    // Starting aborts the layer's earlier request (its listener sees this action); only then does this one listen.
    dispatch(chartsActions.annotationQueryStarted({ id: chartId, name: layer.name, requestKey: nanoid() }));
    const controller = new AbortController();
    const stopListening = abortOn(
      dispatch,
      (action) =>
        chartsActions.annotationQueryStarted.match(action) &&
        action.payload.id === chartId &&
        action.payload.name === layer.name,
      controller,
    );
    try {
      const source = await fetchChartFormData(Number(layer.value));
      const layerFormData = applyAnnotationOverrides(source, formData, layer.overrides);
      const result = await postChartData(buildChartQuery(layerFormData, { force: options.force ?? false }), {
        signal: controller.signal,
        timeoutMs: ANNOTATION_TIMEOUT_MS,
      });
      if (controller.signal.aborted) return;
      const first = result[0];
      if (first?.error) throw new Error(first.error);
      const data = toAnnotationData(layer, layerFormData, first as unknown as ChartQueryResult | undefined);
      dispatch(chartsActions.annotationQuerySucceeded({ id: chartId, name: layer.name, data }));
    } catch (error) {
      if (controller.signal.aborted || (error instanceof DOMException && error.name === 'AbortError')) return;
      dispatch(
        chartsActions.annotationQueryFailed({ id: chartId, name: layer.name, error: annotationErrorMessage(error) }),
      );
    } finally {
      stopListening();
    }
  };
}
