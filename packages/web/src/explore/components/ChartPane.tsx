// The chart area: header, the chart drawn from its last results (re-drawn with new customize values without a
// query) with its right-click menu (drill to detail, drill by), its alert when it failed or was stopped, empty
// states, and the status bar.
import type { QueryFormData } from '@nezha/core';
import { Alert, Button, Empty, Spin } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chartsActions, emptyChart } from '../../chart-data/charts-slice';
import ChartRenderer from '../../charts/ChartRenderer';
import { getChartPlugin } from '../../charts/registry';
import type { ChartHooks, ChartQueryResult } from '../../charts/types';
import ChartContextMenu, { type ContextMenuPosition } from '../../components/chart-context-menu/ChartContextMenu';
import type { PointFilter } from '../../components/chart-context-menu/context-menu-items';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { exploreActions } from '../state/explore-slice';
import AnnotationWarnings from './AnnotationWarnings';
import type { ChartModal } from './ChartActionsMenu';
import ChartHeader from './ChartHeader';
import ChartStatusBar from './ChartStatusBar';
import { useElementSize } from './use-element-size';

const ViewQueryModal = lazy(() => import('./ViewQueryModal'));
const DataModal = lazy(() => import('./DataModal'));
const DrillDetailModal = lazy(() => import('../../components/chart-context-menu/DrillDetailModal'));
const DrillByModal = lazy(() => import('../../dashboard/components/chart/DrillByModal'));

interface ChartPaneProps {
  chartId: number;
  standalone: boolean;
  /** Messages that block the query; shown when there is nothing to draw yet. */
  blockingErrors: string[];
  onRun: () => void;
  /** The page's own actions in the chart header, beside Save. */
  headerActions?: ReactNode;
}

export default function ChartPane({ chartId, standalone, blockingErrors, onRun, headerActions }: ChartPaneProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const chart = useAppSelector((state) => state.charts[chartId]) ?? emptyChart(chartId);
  const formData = useAppSelector((state) => state.explore.form_data);
  const triggerRender = useAppSelector((state) => state.explore.triggerRender);
  const datasource = useAppSelector((state) => state.explore.datasource);
  const sliceName = useAppSelector((state) => state.explore.sliceName) || t('Untitled chart');
  const [modal, setModal] = useState<ChartModal | null>(null);
  const [contextMenu, setContextMenu] = useState<ContextMenuPosition | null>(null);
  const [drillDetail, setDrillDetail] = useState<PointFilter[] | null>(null);
  const [drillBy, setDrillBy] = useState<{ filters: PointFilter[]; column: string } | null>(null);
  const body = useElementSize<HTMLDivElement>();
  const [renderFormData, setRenderFormData] = useState<QueryFormData | null>(null);
  const latest = chart.latestQueryFormData as QueryFormData;
  const lastQueried = useRef(latest);

  // A new query draws with the form data it ran with; a customize change draws the last results again.
  useEffect(() => {
    if (lastQueried.current !== latest) {
      lastQueried.current = latest;
      setRenderFormData(latest);
    }
  }, [latest]);
  useEffect(() => {
    if (!triggerRender) return;
    setRenderFormData(formData);
    dispatch(exploreActions.renderTriggered());
  }, [triggerRender, formData, dispatch]);

  const drawn = renderFormData ?? latest;
  const chartDatasource = useMemo(
    () => ({ verboseMap: datasource?.verbose_map ?? {}, columnFormats: datasource?.column_formats ?? {} }),
    [datasource],
  );
  const hooks = useMemo<ChartHooks>(
    () => ({
      onRenderSuccess: () => dispatch(chartsActions.chartRenderingSucceeded({ id: chartId, renderedAt: Date.now() })),
      onRenderFailure: (error) => dispatch(chartsActions.chartRenderingFailed({ id: chartId, error })),
      onContextMenu: (x, y, filters) => setContextMenu({ x, y, filters }),
    }),
    [dispatch, chartId],
  );
  const hasMenu = !standalone && !!drawn?.viz_type && !!getChartPlugin(drawn.viz_type);
  const hasResults = !!chart.queriesResponse && chart.chartStatus !== 'failed' && chart.chartStatus !== null;
  const canDraw = hasResults && drawn?.viz_type && body.width > 0 && body.height > 0;
  const showAlert = chart.chartAlert && (chart.chartStatus === 'failed' || chart.chartStatus === 'stopped');

  let placeholder: React.ReactNode = null;
  if (!hasResults && chart.chartStatus !== 'loading' && !showAlert) {
    placeholder =
      blockingErrors.length > 0 ? (
        <Empty
          data-test="chart-empty-invalid"
          description={
            <div>
              <div style={{ fontWeight: 600 }}>{t('Add required control values to preview chart')}</div>
              {blockingErrors.map((error) => (
                <div key={error} style={{ color: '#999' }}>
                  {error}
                </div>
              ))}
            </div>
          }
        />
      ) : (
        <Empty data-test="chart-empty" description={t('Click "Create chart" to see the chart')}>
          <Button type="primary" onClick={onRun}>
            {t('Create chart')}
          </Button>
        </Empty>
      );
  }

  return (
    <main
      style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', background: '#fff' }}
      data-test="chart-pane"
    >
      {!standalone && (
        <ChartHeader onOpenModal={setModal} chartElement={() => body.ref.current} actions={headerActions} />
      )}
      {showAlert && (
        <Alert
          type={chart.chartStatus === 'stopped' ? 'warning' : 'error'}
          showIcon
          title={t(chart.chartAlert ?? '')}
          description={
            chart.chartStackTrace ? (
              <pre style={{ fontSize: 11, maxHeight: 160, overflow: 'auto' }}>{chart.chartStackTrace}</pre>
            ) : undefined
          }
          style={{ margin: '12px 16px 0' }}
          data-test="chart-alert"
        />
      )}
      <AnnotationWarnings errors={chart.annotationError} />
      <div style={{ flex: 1, minHeight: 0, position: 'relative', padding: standalone ? 0 : 16 }}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a right-click beside the data opens the chart's menu; the keyboard has the chart's own menu */}
        <div
          ref={body.ref}
          style={{ width: '100%', height: '100%' }}
          data-test="chart-container"
          // Read by browser tests and the explore bench, which also run standalone charts (no status bar).
          data-chart-status={chart.chartStatus ?? ''}
          onContextMenu={(event) => {
            // A data point's right-click was taken by the chart (default prevented); this is one beside the data.
            if (!hasMenu || !canDraw || event.defaultPrevented) return;
            event.preventDefault();
            setContextMenu({ x: event.clientX, y: event.clientY, filters: [] });
          }}
        >
          {canDraw && drawn && (
            <ChartRenderer
              vizType={drawn.viz_type}
              formData={drawn}
              queriesData={(chart.queriesResponse ?? []) as unknown as ChartQueryResult[]}
              datasource={chartDatasource}
              width={body.width}
              height={body.height}
              hooks={hooks}
              annotationData={chart.annotationData}
            />
          )}
          {placeholder && (
            <div style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              {placeholder}
            </div>
          )}
        </div>
        {chart.chartStatus === 'loading' && (
          <div
            data-test="chart-loading"
            style={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              background: 'rgba(255,255,255,0.6)',
            }}
          >
            <Spin size="large" />
          </div>
        )}
      </div>
      {!standalone && <ChartStatusBar chart={chart} />}
      <Suspense fallback={null}>
        {modal === 'query' && <ViewQueryModal onClose={() => setModal(null)} />}
        {(modal === 'results' || modal === 'samples') && <DataModal kind={modal} onClose={() => setModal(null)} />}
        {drillDetail && drawn && (
          <DrillDetailModal
            formData={drawn}
            datasource={datasource ?? undefined}
            title={sliceName}
            initialFilters={drillDetail}
            onClose={() => setDrillDetail(null)}
          />
        )}
        {drillBy && drawn && (
          <DrillByModal
            formData={drawn}
            datasource={datasource ?? undefined}
            title={sliceName}
            initialFilters={drillBy.filters}
            initialColumn={drillBy.column}
            onClose={() => setDrillBy(null)}
          />
        )}
      </Suspense>
      {hasMenu && drawn && (
        <ChartContextMenu
          position={contextMenu}
          formData={drawn}
          datasource={datasource ?? undefined}
          dashboard={null}
          onClose={() => setContextMenu(null)}
          onDrillToDetail={setDrillDetail}
          onDrillBy={(column, filters) => setDrillBy({ column, filters })}
        />
      )}
    </main>
  );
}
