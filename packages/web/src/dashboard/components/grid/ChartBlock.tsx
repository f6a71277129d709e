// A chart's place on the grid: its width in columns and height in grid units, resizable in edit mode; in
// fullscreen it covers the page without being mounted again.
import { type CSSProperties, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import DashboardChart from '../chart/DashboardChart';
import LayoutChrome from '../edit/LayoutChrome';
import ResizeHandle, { type Size } from '../edit/ResizeHandle';
import type { BlockProps } from './block-props';
import { heightPx, useGridView, widthStyle } from './grid-view';

const FULLSCREEN: CSSProperties = {
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  width: 'auto',
  height: 'auto',
  padding: 16,
  background: '#f5f7f8',
};

export default function ChartBlock({ component, parent, index, depth, columns }: BlockProps) {
  const { t } = useTranslation();
  const { editMode, hideChartControls, onScopeCrossFilters } = useGridView();
  const boxRef = useRef<HTMLDivElement>(null);
  const [preview, setPreview] = useState<Size | null>(null);
  const chartId = component.meta.chartId ?? 0;
  const isFullSize = useAppSelector((state) => state.dashboardState.fullSizeChartId === chartId);
  const sliceName = useAppSelector((state) => state.sliceEntities.slices[chartId]?.slice_name);
  // A chart alone in a column takes the column's width.
  const inColumn = parent?.type === 'COLUMN';
  const width = inColumn ? columns : (preview?.width ?? component.meta.width ?? 4);
  const height = heightPx(preview?.height ?? component.meta.height);
  return (
    <LayoutChrome
      component={component}
      parent={parent}
      index={index}
      depth={depth}
      editMode={editMode}
      label={component.meta.sliceNameOverride || sliceName || component.meta.sliceName || t('Chart')}
      style={widthStyle(width, columns)}
    >
      <div
        ref={boxRef}
        data-test="dashboard-chart-holder"
        style={{
          position: 'relative',
          height,
          border: '1px solid #e0e0e0',
          borderRadius: 4,
          ...(isFullSize ? FULLSCREEN : {}),
        }}
      >
        <DashboardChart
          chartId={chartId}
          editMode={editMode}
          hideControls={hideChartControls}
          {...(component.meta.sliceNameOverride ? { sliceNameOverride: component.meta.sliceNameOverride } : {})}
          {...(onScopeCrossFilters ? { onScopeCrossFilters: () => onScopeCrossFilters(chartId) } : {})}
        />
        {editMode && !isFullSize && <ResizeHandle componentId={component.id} boxRef={boxRef} onPreview={setPreview} />}
      </div>
    </LayoutChrome>
  );
}
