// The explore view (/explore/, /explore/p/<key>/): datasource panel, control panel and chart; the URL it reads,
// the queries it runs and the URL it keeps (form data key, saved chart). Standalone shows only the chart.
import { DndContext, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { LOG_ACTIONS } from '@nezha/core';
import { Alert, Button, Result } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import LazyAssistantPanel from '../assistant/LazyAssistantPanel';
import { stopChartQuery } from '../chart-data/run-chart-query';
import { registerAllCharts } from '../charts';
import { EDGE_AUTO_SCROLL } from '../components/dnd/pointer-drop';
import PageSpinner from '../components/PageSpinner';
import { logEvent } from '../logger/event-logger';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { fetchTimeRange } from './api/explore-api';
import ChartPane from './components/ChartPane';
import ControlPanel from './components/ControlPanel';
import DatasourcePanel from './components/DatasourcePanel';
import { useExploreDnd } from './components/dnd';
import RunButton from './components/RunButton';
import { usePreviewRefresh } from './components/use-preview-refresh';
import { controlsWithErrors } from './controls/control-state';
import { describeValidationError } from './controls/control-validation';
import { isChartStale } from './state/chart-staleness';
import { exploreActions, exploreChartId } from './state/explore-slice';
import { exploreUrlOf, parseExploreUrl } from './state/explore-url';
import { semanticKindOf } from './state/semantic-kinds';
import { loadExplore } from './state/thunks/load-explore';
import { runExploreChart } from './state/thunks/run-explore-chart';
import { saveFormDataKey } from './state/thunks/share';

const SaveModal = lazy(() => import('./components/SaveModal'));
const SaveSemanticModal = lazy(() => import('./components/SaveSemanticModal'));

registerAllCharts();

const EXPLORE_CSS = `
.nezha-explore-tabs .ant-tabs-body-holder, .nezha-explore-tabs .ant-tabs-content-holder { flex: 1; min-height: 0; overflow: auto; }
.nezha-datasource-item:hover { background: #f0f5f7; }
`;

export default function ExplorePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const url = useMemo(
    () => parseExploreUrl(location.pathname, location.search, location.hash),
    [location.pathname, location.search, location.hash],
  );
  const explore = useAppSelector((state) => state.explore);
  const sqlMaxRow = useAppSelector((state) => {
    const value = state.session.common?.conf.SQL_MAX_ROW;
    return typeof value === 'number' ? value : null;
  });
  const chartId = exploreChartId(explore.form_data, explore.slice);
  const chart = useAppSelector((state) => state.charts[chartId]);
  const saveModalVisible = useAppSelector((state) => state.saveModal.isVisible);
  // The ref is what the next run updates; the state re-renders the URL once the key is known.
  const formDataKey = useRef<string | null>(url.formDataKey ?? null);
  const [urlKey, setUrlKey] = useState<string | null>(url.formDataKey ?? null);
  const [assistantOpen, setAssistantOpen] = useState(false);
  const [conversationId, setConversationId] = useState<number | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const dnd = useExploreDnd();
  // The page's current address: a run that ends after the user has gone to another one must not write its key
  // into that address (a late key of the chart before replaced the measure a link had just opened).
  const locationKey = useRef(location.key);
  locationKey.current = location.key;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new URL (not one explore wrote) opens explore again
  useEffect(() => {
    formDataKey.current = url.formDataKey ?? null;
    setUrlKey(formDataKey.current);
    void dispatch(loadExplore(url, { sqlMaxRow }));
  }, [location.key]);

  const errors = controlsWithErrors(explore.form_data.viz_type, explore.controls).map(({ label, messages }) =>
    describeValidationError(t(label), messages),
  );
  const loading = chart?.chartStatus === 'loading';
  const semanticKind = semanticKindOf(explore.form_data.viz_type);

  const run = useCallback(
    async (options: { keepUrl?: boolean } = {}) => {
      if (errors.length > 0) return;
      const startedAt = locationKey.current;
      await dispatch(
        runExploreChart(chartId, explore.form_data, { force: explore.force, dashboardId: url.dashboardId }),
      );
      // The URL carries the form data by key, so that reloading or sharing shows this chart; the first query of a
      // chart opened by its URL (id, permalink) leaves that URL as it was.
      if (options.keepUrl) return;
      const key = await dispatch(saveFormDataKey(formDataKey.current));
      if (locationKey.current !== startedAt) return;
      formDataKey.current = key;
      setUrlKey(key);
    },
    [dispatch, chartId, explore.form_data, explore.force, errors.length, url.dashboardId],
  );

  // A saved chart, or one loaded with its id, asks for its query once (spec §4). loadExplore starts it as soon as
  // the chart is known; this runs it when that could not be (controls with errors until, say, the semantic layer).
  useEffect(() => {
    if (chart?.triggerQuery && explore.status === 'ready' && errors.length === 0) void run({ keepUrl: true });
  }, [chart?.triggerQuery, explore.status, errors.length, run]);

  // A measure, cohort or column preview never shows a definition other than the one in the controls.
  const previewNeedsQuery =
    !chart || chart.chartStatus === null || isChartStale(chart.latestQueryFormData, explore.form_data);
  usePreviewRefresh({
    enabled: semanticKind !== null && explore.status === 'ready' && !explore.standalone,
    needsQuery: previewNeedsQuery,
    blocked: errors.length > 0,
    formData: explore.form_data,
    run: () => void run(),
  });

  // The URL names the saved chart and the form data key (written without reloading the page).
  const sliceId = explore.slice?.slice_id ?? null;
  // What the page opened with: until the chart is saved or run under a new key, the URL stays as it was typed.
  const opened = useRef<{ sliceId: number | null; key: string | null; location: string } | null>(null);
  useEffect(() => {
    // A link to another explore address (a measure from the datasource panel) renders once with the page before's
    // state and key: that state must not be written over the address just opened.
    if (explore.status !== 'ready' || (opened.current && opened.current.location !== location.key)) {
      opened.current = null;
      return;
    }
    opened.current ??= { sliceId, key: urlKey, location: location.key };
    if (opened.current.sliceId === sliceId && opened.current.key === urlKey) return;
    const next = exploreUrlOf({
      sliceId,
      formDataKey: urlKey,
      urlParams: url.urlParams,
      standalone: url.standalone,
      ...(url.anchor ? { anchor: url.anchor } : {}),
    });
    if (`${window.location.pathname}${window.location.search}${window.location.hash}` !== next) {
      window.history.replaceState(window.history.state, '', next);
    }
  }, [explore.status, sliceId, urlKey, url, location.key]);

  // Superset's mount event for a saved chart: the view the Home page's Recents list (filed under the chart's id).
  // biome-ignore lint/correctness/useExhaustiveDependencies: one event per opened address, not per re-render
  useEffect(() => {
    if (explore.status === 'ready' && sliceId !== null) logEvent(LOG_ACTIONS.MOUNT_EXPLORER, { source_id: sliceId });
  }, [explore.status, sliceId, location.key]);

  // The time range's actual bounds: shown by the picker, and the time grain is judged against them.
  const timeRange = typeof explore.form_data.time_range === 'string' ? explore.form_data.time_range : null;
  useEffect(() => {
    if (!timeRange || explore.status !== 'ready') return;
    const controller = new AbortController();
    fetchTimeRange(timeRange, controller.signal).then(
      (range) => dispatch(exploreActions.timeRangeResolved({ since: range.since || null, until: range.until || null })),
      () => !controller.signal.aborted && dispatch(exploreActions.timeRangeResolved(null)),
    );
    return () => controller.abort();
  }, [timeRange, explore.status, dispatch]);

  // Ctrl/Cmd + Enter runs the query, as in Superset.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key === 'Enter' && !loading) void run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [run, loading]);

  if (explore.status === 'failed') {
    return (
      <Result
        status="warning"
        title={t('The chart could not be opened')}
        subTitle={explore.error}
        data-test="explore-error"
      />
    );
  }
  if (explore.status !== 'ready') return <PageSpinner />;

  const stale = !!chart && isChartStale(chart.latestQueryFormData, explore.form_data);
  const runButton = (
    <RunButton
      loading={loading}
      hasChart={!!chart?.queriesResponse}
      stale={stale}
      errors={errors}
      onRun={() => void run()}
      onStop={() => dispatch(stopChartQuery(chartId))}
    />
  );
  const chartPane = (
    <ChartPane
      chartId={chartId}
      standalone={explore.standalone}
      blockingErrors={errors}
      onRun={() => void run()}
      headerActions={
        // In the chart header, beside Save: a floating button would cover the status bar's query timer.
        <Button
          type={assistantOpen ? 'primary' : 'default'}
          aria-pressed={assistantOpen}
          onClick={() => setAssistantOpen((open) => !open)}
          data-test="assistant-toggle"
        >
          {t('Assistant')}
        </Button>
      }
    />
  );

  if (explore.standalone) {
    return <div style={{ height: '100vh', display: 'flex', padding: 8, boxSizing: 'border-box' }}>{chartPane}</div>;
  }
  return (
    <DndContext sensors={sensors} autoScroll={EDGE_AUTO_SCROLL} {...dnd}>
      <style>{EXPLORE_CSS}</style>
      {explore.datasource && explore.datasource.columns.length === 0 && explore.datasource.id <= 0 && (
        <Alert type="warning" showIcon banner title={t('The dataset of this chart is missing.')} />
      )}
      <div data-test="explore-page" style={{ display: 'flex', height: 'calc(100vh - 56px)', minHeight: 480 }}>
        <DatasourcePanel />
        <ControlPanel footer={runButton} />
        {chartPane}
        {assistantOpen && (
          <LazyAssistantPanel
            context="explore"
            conversationId={conversationId}
            onConversationChange={setConversationId}
            onClose={() => setAssistantOpen(false)}
          />
        )}
      </div>
      {saveModalVisible && (
        <Suspense fallback={null}>{semanticKind ? <SaveSemanticModal kind={semanticKind} /> : <SaveModal />}</Suspense>
      )}
    </DndContext>
  );
}
