// Explore's run of its chart: the annotation layers that need a query beside the chart's own query.
import type { QueryFormData } from '@nezha/core';
import { runAnnotationQuery } from '../../../chart-data/annotation-query';
import { runChartQuery } from '../../../chart-data/run-chart-query';
import { readAnnotationLayers, requiresQuery } from '../../../charts/shared/annotations/annotation-layer';
import type { ExploreThunk } from '../index';

export function runExploreChart(
  chartId: number,
  formData: QueryFormData,
  options: { force: boolean; dashboardId?: number | undefined },
): ExploreThunk<Promise<void>> {
  return async (dispatch) => {
    // Annotation queries run beside the chart's: their failures warn on the chart but do not fail it.
    for (const layer of readAnnotationLayers(formData.annotation_layers).filter(requiresQuery))
      void dispatch(runAnnotationQuery(chartId, layer, formData, { force: options.force }));
    await dispatch(
      runChartQuery(chartId, formData, {
        force: options.force,
        ...(options.dashboardId ? { dashboardId: options.dashboardId } : {}),
      }),
    );
  };
}
