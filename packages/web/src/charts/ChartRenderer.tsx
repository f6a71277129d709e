// Draws one chart from its viz type: transformProps' output into the lazily loaded component, with a
// spinner while the component loads, the empty state when no query returned rows, and an error boundary
// that reports 'An error occurred while rendering the visualization: %s'.
import type { QueryFormData } from '@nezha/core';
import { Spin } from 'antd';
import { Suspense, useMemo } from 'react';
import ChartErrorBoundary from './ChartErrorBoundary';
import { getChartPlugin } from './registry';
import EmptyState from './shared/EmptyState';
import TransformedChart from './TransformedChart';
import type { ChartHooks, ChartProps, ChartQueryResult, FilterState } from './types';
import UnsupportedChart from './UnsupportedChart';

export interface ChartRendererProps {
  vizType: string;
  width: number;
  height: number;
  formData: QueryFormData;
  queriesData: ChartQueryResult[];
  datasource: ChartProps['datasource'];
  hooks: ChartHooks;
  filterState?: FilterState;
  ownState?: Record<string, unknown>;
  annotationData?: Record<string, unknown>;
}

/**
 * What the annotation layers draw from: the NATIVE layers' records that came with the chart's answer, and what the
 * chart-sourced layers' own queries stored.
 */
export function mergedAnnotationData(
  queriesData: readonly ChartQueryResult[],
  annotationData: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  const answered: Record<string, unknown> = Object.assign(
    {},
    ...queriesData.map((query) => query.annotation_data ?? {}),
  );
  if (Object.keys(answered).length === 0) return annotationData;
  return { ...answered, ...(annotationData ?? {}) };
}

/** Superset's "no results": every query answered without rows. */
export function hasNoResults(queriesData: readonly ChartQueryResult[]): boolean {
  return !queriesData.some((query) => (query.data?.length ?? 0) > 0);
}

export default function ChartRenderer(props: ChartRendererProps) {
  const { vizType, width, height, formData, queriesData, datasource, hooks, filterState, ownState, annotationData } =
    props;
  const chartProps = useMemo<ChartProps>(() => {
    const drawn = mergedAnnotationData(queriesData, annotationData);
    return {
      width,
      height,
      formData,
      queriesData,
      datasource,
      ...(filterState ? { filterState } : {}),
      ...(ownState ? { ownState } : {}),
      ...(drawn ? { annotationData: drawn } : {}),
    };
  }, [width, height, formData, queriesData, datasource, filterState, ownState, annotationData]);
  if (!getChartPlugin(vizType)) return <UnsupportedChart vizType={vizType} />;
  if (hasNoResults(queriesData))
    return <EmptyState width={width} height={height} onRenderSuccess={hooks.onRenderSuccess} />;
  return (
    <ChartErrorBoundary width={width} height={height} resetKey={chartProps} onRenderFailure={hooks.onRenderFailure}>
      <Suspense
        fallback={
          <div style={{ width, height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Spin />
          </div>
        }
      >
        <TransformedChart vizType={vizType} chartProps={chartProps} hooks={hooks} />
      </Suspense>
    </ChartErrorBoundary>
  );
}
