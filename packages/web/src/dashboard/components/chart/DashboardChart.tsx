// One chart on the dashboard: title, filter badge, running state and elapsed time, the chart menu, the chart
// drawn through its plugin with the dashboard's cross-filter hooks and its right-click menu; it loads once in view.
import type { DataMask, QueryFormData } from '@nezha/core';
import { Alert, Spin, Typography } from 'antd';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chartsActions } from '../../../chart-data/charts-slice';
import ChartRenderer from '../../../charts/ChartRenderer';
import { getChartPlugin } from '../../../charts/registry';
import type { DataMask as ChartDataMask, ChartHooks, ChartQueryResult } from '../../../charts/types';
import UnsupportedChart from '../../../charts/UnsupportedChart';
import ChartContextMenu, { type ContextMenuPosition } from '../../../components/chart-context-menu/ChartContextMenu';
import { drillPermissions, type PointFilter } from '../../../components/chart-context-menu/context-menu-items';
import DrillDetailModal from '../../../components/chart-context-menu/DrillDetailModal';
import { useElementSize } from '../../../explore/components/use-element-size';
import { useCan, useCurrentUser } from '../../../session/use-session';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { useDrawTurn } from '../../hooks/draw-queue';
import { dataMaskActions } from '../../state/data-mask';
import AnnotationBadge from './AnnotationBadge';
import ChartDataModal, { type ChartDataKind } from './ChartDataModal';
import ChartElapsed from './ChartElapsed';
import ChartMenu from './ChartMenu';
import DrillByModal from './DrillByModal';
import FilterBadge from './FilterBadge';
import { useChartRequest } from './use-chart-request';

const HEADER_HEIGHT = 36;
/**
 * The drawn chart skips the chart card's own re-renders (its status going success → rendered, the elapsed time, a
 * menu opening): its props are the same objects until its data, size, filters or colours change.
 */
const DrawnChart = memo(ChartRenderer);
const EMPTY_MAP: Record<string, string> = {};

interface Props {
  chartId: number;
  sliceNameOverride?: string;
  editMode: boolean;
  hideControls: boolean;
  onScopeCrossFilters?: () => void;
}

export default function DashboardChart({
  chartId,
  sliceNameOverride,
  editMode,
  hideControls,
  onScopeCrossFilters,
}: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const cardRef = useRef<HTMLDivElement>(null);
  useChartRequest(chartId, cardRef);
  const slice = useAppSelector((state) => state.sliceEntities.slices[chartId]);
  const chart = useAppSelector((state) => state.charts[chartId]);
  const datasource = useAppSelector((state) =>
    slice ? state.sliceEntities.datasources[slice.form_data.datasource] : undefined,
  );
  const mask = useAppSelector((state) => state.dataMask[String(chartId)]);
  const crossFiltersEnabled = useAppSelector((state) => state.dashboardInfo.crossFiltersEnabled);
  const expanded = useAppSelector((state) => state.dashboardState.expandedSlices[chartId] === true);
  const isFullSize = useAppSelector((state) => state.dashboardState.fullSizeChartId === chartId);
  // label_colors change with the properties dialog: the chart is drawn again with them, no reload needed. (A save
  // rewriting shared_label_colors changes no colour on this page, so that is left out.)
  const colorsKey = useAppSelector((state) => JSON.stringify(state.dashboardInfo.metadata.label_colors));
  const canDownload = useCan('can_csv', 'Superset');
  // Superset's supersetCanShare and supersetCanExplore: a chart's share and explore need their own permissions.
  const canShare = useCan('can_share_chart', 'Superset');
  const canExplore = useCan('can_explore', 'Superset');
  const { ref: bodyRef, width, height } = useElementSize<HTMLDivElement>();
  const user = useCurrentUser();
  const permissions = useMemo(() => drillPermissions(user?.roles), [user]);
  const [dataModal, setDataModal] = useState<ChartDataKind | null>(null);
  const [drillBy, setDrillBy] = useState<{ filters: PointFilter[]; column?: string } | null>(null);
  const [drillDetail, setDrillDetail] = useState<PointFilter[] | null>(null);
  const [contextMenu, setContextMenu] = useState<ContextMenuPosition | null>(null);

  const running = chart?.chartStatus === 'loading';
  const plugin = slice ? getChartPlugin(slice.viz_type) : undefined;
  /** A viz type without a plugin (imported from Superset) is shown as such and never asks for data. */
  const unsupported = !!slice && !plugin;
  const interactive = !!plugin?.metadata.behaviors.includes('INTERACTIVE_CHART');
  const canDrillToDetail = permissions.canDrillToDetail && !!plugin?.metadata.behaviors.includes('DRILL_TO_DETAIL');
  const canDrillBy = permissions.canDrillBy && !!plugin?.metadata.behaviors.includes('DRILL_BY');
  // The right-click menu: in view mode, for viz types with something to offer in it.
  const hasContextMenu = !editMode && !hideControls && (interactive || canDrillToDetail || canDrillBy);

  const hooks = useMemo<ChartHooks>(
    () => ({
      setDataMask: (dataMask: ChartDataMask) => {
        const crossFilter = dataMask.extraFormData !== undefined || dataMask.filterState !== undefined;
        // Cross-filters need the flag, an interactive viz type and view mode; a chart's own state always passes.
        if (crossFilter && (!crossFiltersEnabled || !interactive || editMode)) {
          if (!dataMask.ownState) return;
          dispatch(dataMaskActions.dataMaskUpdated({ id: String(chartId), mask: { ownState: dataMask.ownState } }));
          return;
        }
        dispatch(dataMaskActions.dataMaskUpdated({ id: String(chartId), mask: dataMask as DataMask }));
      },
      onRenderSuccess: () => dispatch(chartsActions.chartRenderingSucceeded({ id: chartId, renderedAt: Date.now() })),
      onRenderFailure: (message: string) =>
        dispatch(chartsActions.chartRenderingFailed({ id: chartId, error: message })),
      ...(hasContextMenu
        ? { onContextMenu: (x: number, y: number, filters: PointFilter[]) => setContextMenu({ x, y, filters }) }
        : {}),
    }),
    [dispatch, chartId, crossFiltersEnabled, interactive, editMode, hasContextMenu],
  );
  const chartDatasource = useMemo(
    () => ({
      verboseMap: datasource?.verbose_map ?? EMPTY_MAP,
      columnFormats: datasource?.column_formats ?? EMPTY_MAP,
    }),
    [datasource],
  );

  // Stable, so that the memoised menu does not re-render with every status change of the chart.
  const chartElement = useCallback(() => cardRef.current, []);
  const openDrillBy = useCallback(() => setDrillBy({ filters: [] }), []);
  const openDrillToDetail = useCallback(() => setDrillDetail([]), []);

  const name = sliceNameOverride || slice?.slice_name || t('Chart {{id}}', { id: chartId });
  const formData = (chart?.latestQueryFormData ?? slice?.form_data ?? null) as QueryFormData | null;
  const description = slice?.description ?? '';
  const queriesData = chart?.queriesResponse as ChartQueryResult[] | null | undefined;
  const failed = chart?.chartStatus === 'failed';
  // A capability of the viz type (the pivot table's pivoted layout), not a test of its name.
  const drawable = !!slice && !unsupported && !failed && !!queriesData && width > 0 && height > 0 && !!formData;
  // The first drawing waits for its turn: one chart per task, in the order the answers came (draw-queue.ts).
  const drawTurn = useDrawTurn(drawable);
  const exportPivotCsv = useMemo(() => {
    const exportCsv = plugin?.exportCsv;
    if (!exportCsv || !queriesData || !formData) return undefined;
    return () => exportCsv({ width: 0, height: 0, formData, queriesData, datasource: chartDatasource });
  }, [plugin, queriesData, formData, chartDatasource]);

  return (
    <div
      ref={cardRef}
      className="dashboard-chart"
      data-test="dashboard-chart"
      data-chart-id={chartId}
      data-chart-status={unsupported ? 'unsupported' : (chart?.chartStatus ?? 'empty')}
      style={{
        display: 'flex',
        flexDirection: 'column',
        width: '100%',
        height: '100%',
        background: '#fff',
        padding: '8px 12px',
      }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          height: HEADER_HEIGHT - 8,
          minHeight: HEADER_HEIGHT - 8,
        }}
      >
        {/* Plain CSS ellipsis: antd's measured ellipsis costs a layout read per chart, fifty on a big dashboard. */}
        <div
          title={name}
          style={{
            flex: 1,
            minWidth: 0,
            fontSize: 15,
            fontWeight: 600,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
          data-test="dashboard-chart-title"
        >
          {name}
        </div>
        <AnnotationBadge errors={chart?.annotationError} />
        <FilterBadge chartId={chartId} />
        {chart?.chartStatus && (running || chart.chartUpdateEndTime) && (
          <ChartElapsed
            startTime={chart.chartUpdateStartTime ?? 0}
            endTime={chart.chartUpdateEndTime ?? null}
            running={running}
          />
        )}
        {!hideControls && slice && (
          <ChartMenu
            chartId={chartId}
            sliceName={name}
            formData={formData}
            exploreUrl={slice.url}
            hasDescription={!!description}
            isFullSize={isFullSize}
            canDownload={canDownload}
            canShare={canShare}
            canExplore={canExplore}
            chartElement={chartElement}
            onOpenData={setDataModal}
            {...(canDrillBy ? { onDrillBy: openDrillBy } : {})}
            {...(canDrillToDetail ? { onDrillToDetail: openDrillToDetail } : {})}
            {...(exportPivotCsv ? { exportPivotCsv } : {})}
            {...(editMode && interactive && onScopeCrossFilters ? { onScopeCrossFilters } : {})}
          />
        )}
      </div>
      {expanded && description && (
        <Typography.Paragraph type="secondary" style={{ margin: '0 0 6px' }} data-test="chart-description">
          {description}
        </Typography.Paragraph>
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a right-click beside the data opens the chart's menu; the keyboard has the chart's own menu */}
      <div
        ref={bodyRef}
        // Contained (its size comes from the card, never from what it shows): a chart drawn, a spinner gone or a
        // table's rows lay out and repaint this box only, not the whole page, fifty times over on a big dashboard.
        style={{ position: 'relative', flex: 1, minHeight: 0, overflow: 'hidden', contain: 'strict' }}
        data-test="dashboard-chart-body"
        onContextMenu={(event) => {
          // A data point's right-click was taken by the chart (default prevented); this is one beside the data.
          if (!hasContextMenu || !queriesData || event.defaultPrevented) return;
          event.preventDefault();
          setContextMenu({ x: event.clientX, y: event.clientY, filters: [] });
        }}
      >
        {!slice && (
          <Alert
            type="warning"
            showIcon
            title={t('There is no chart definition associated with this component, could it have been deleted?')}
          />
        )}
        {unsupported && slice && <UnsupportedChart vizType={slice.viz_type} />}
        {slice && !unsupported && failed && (
          <Alert
            type="error"
            showIcon
            title={chart?.chartAlert ?? t('Network error.')}
            data-test="chart-error"
            style={{ margin: 8 }}
          />
        )}
        {drawable && drawTurn && slice && queriesData && formData && (
          <DrawnChart
            key={colorsKey}
            vizType={slice.viz_type}
            width={width}
            height={height}
            formData={formData}
            queriesData={queriesData}
            datasource={chartDatasource}
            hooks={hooks}
            {...(chart?.annotationData ? { annotationData: chart.annotationData } : {})}
            {...(mask?.filterState ? { filterState: mask.filterState } : {})}
            {...(mask?.ownState ? { ownState: mask.ownState } : {})}
          />
        )}
        {slice && !unsupported && running && (
          <div
            style={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              background: queriesData ? 'rgba(255,255,255,0.6)' : 'transparent',
            }}
          >
            <Spin />
          </div>
        )}
        {chart?.chartStatus === 'stopped' && <Alert type="warning" showIcon title={chart.chartAlert} />}
      </div>
      {/* Mounted closed too: mounted only on the right-click, the menu never showed (chart-context-menu.e2e). */}
      {hasContextMenu && formData && (
        <ChartContextMenu
          position={contextMenu}
          formData={formData}
          datasource={datasource}
          dashboard={{ crossFiltersEnabled: crossFiltersEnabled && interactive, filterState: mask?.filterState }}
          onClose={() => setContextMenu(null)}
          onCrossFilter={(dataMask) => hooks.setDataMask?.(dataMask)}
          onDrillToDetail={setDrillDetail}
          onDrillBy={(column, filters) => setDrillBy({ column, filters })}
        />
      )}
      {drillBy && formData && (
        <DrillByModal
          formData={formData}
          datasource={datasource}
          title={name}
          initialFilters={drillBy.filters}
          {...(drillBy.column ? { initialColumn: drillBy.column } : {})}
          onClose={() => setDrillBy(null)}
        />
      )}
      {drillDetail && formData && (
        <DrillDetailModal
          formData={formData}
          datasource={datasource}
          title={name}
          initialFilters={drillDetail}
          onClose={() => setDrillDetail(null)}
        />
      )}
      {dataModal && formData && (
        <ChartDataModal kind={dataModal} formData={formData} onClose={() => setDataModal(null)} />
      )}
    </div>
  );
}
