// The dashboard page (/nezha/dashboard/:idOrSlug/ and /nezha/dashboard/p/:key/): loads the dashboard, shows the
// header, filter bar, grid and (in edit mode) the builder pane, and keeps the URL in step with saves and filters.
import { HEADER_ID, LOG_ACTIONS } from '@nezha/core';
import { Button, Result } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { isApiError } from '../api/api-error';
import PageSpinner from '../components/PageSpinner';
import { logEvent } from '../logger/event-logger';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { fetchDashboardPermalink, fetchFilterState } from './api/dashboard-api';
import DashboardCss from './components/DashboardCss';
import DashboardStyles from './components/DashboardStyles';
import BuilderPane from './components/edit/BuilderPane';
import DashboardDnd from './components/edit/DashboardDnd';
import DashboardGrid from './components/grid/DashboardGrid';
import { type GridView, GridViewContext } from './components/grid/grid-view';
import DashboardHeader from './components/header/DashboardHeader';
import DashboardModals, { type OpenModal } from './components/modals/DashboardModals';
import FilterBar from './filters/bar/FilterBar';
import { useFilterStateKey } from './hooks/use-filter-state-key';
import { resetChartData } from './state/thunks/chart-data';
import { resetChartVisibility } from './state/thunks/chart-visibility';
import { refreshDashboard } from './state/thunks/header-actions';
import { loadDashboard } from './state/thunks/load-dashboard';
import { saveDashboard } from './state/thunks/save-dashboard';
import { chromeOf, dashboardPath, parseDashboardUrl, parseFilterStateValue, URL_PARAMS } from './url-state';

type Status = { kind: 'loading' } | { kind: 'ready' } | { kind: 'error'; status?: number; message: string };

interface DashboardPageProps {
  /** The embedded page names its dashboard itself (from the embedded uuid), not by the route. */
  idOrSlug?: string;
  /** Shown to an embedded dashboard's guest: nothing is stored on its behalf (filter state keys). */
  embedded?: boolean;
}

export default function DashboardPage({ idOrSlug: givenIdOrSlug, embedded = false }: DashboardPageProps = {}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const params = useParams();
  const idOrSlug = givenIdOrSlug ?? params.idOrSlug;
  const key = givenIdOrSlug ? undefined : params.key;
  const [searchParams, setSearchParams] = useSearchParams();
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [modal, setModal] = useState<OpenModal | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const url = useMemo(() => parseDashboardUrl(searchParams), [searchParams]);
  const chrome = chromeOf(url);
  const info = useAppSelector((state) => state.dashboardInfo);
  const { editMode, css, refreshFrequency, hasUnsavedChanges } = useAppSelector((state) => state.dashboardState);
  const flags = useAppSelector((state) => state.session.common?.feature_flags ?? {});
  const title = useAppSelector((state) => state.dashboardLayout.present[HEADER_ID]?.meta.text);

  // Loading reads the URL once per dashboard; later URL changes (filters, fullscreen) must not reload it.
  const urlAtOpen = useRef(url);
  const load = useCallback(
    async (edit?: boolean) => {
      setStatus({ kind: 'loading' });
      const openUrl = { ...urlAtOpen.current, ...(edit === undefined ? {} : { edit }) };
      try {
        const permalink = key ? await fetchDashboardPermalink(key) : null;
        const dashboardId = permalink?.dashboardId ?? idOrSlug ?? '';
        // native_filters_key names the filter values stored for this dashboard; they win over the permalink's.
        const stored = openUrl.nativeFiltersKey
          ? await fetchFilterState(dashboardId, openUrl.nativeFiltersKey).catch(() => null)
          : null;
        const dataMask = stored === null ? null : parseFilterStateValue(stored);
        const state = { ...permalink?.state, ...(dataMask ? { dataMask } : {}) };
        await dispatch(loadDashboard(dashboardId, { url: openUrl, permalink: state }));
        setStatus({ kind: 'ready' });
      } catch (error) {
        setStatus({
          kind: 'error',
          ...(isApiError(error) && error.status ? { status: error.status } : {}),
          message: isApiError(error) ? error.message : String(error),
        });
      }
    },
    [dispatch, idOrSlug, key],
  );
  // A save that changed the slug re-pushes the URL: the dashboard open is the one asked for, so no reload.
  const openDashboard = useRef<{ id: number | null; slug: string | null }>({ id: null, slug: null });
  openDashboard.current = { id: info.id, slug: info.slug };
  useEffect(() => {
    const open = openDashboard.current;
    if (!key && idOrSlug && open.id !== null && (String(open.id) === idOrSlug || open.slug === idOrSlug)) return;
    void load();
  }, [load, idOrSlug, key]);
  useEffect(
    () => () => {
      dispatch(resetChartData());
      dispatch(resetChartVisibility());
    },
    [dispatch],
  );

  useEffect(() => {
    if (typeof title === 'string' && title) document.title = title;
  }, [title]);

  // Superset's mount event: the view the Home page's Recents list (filed under the dashboard's id).
  useEffect(() => {
    if (status.kind === 'ready' && info.id !== null) logEvent(LOG_ACTIONS.MOUNT_DASHBOARD, { source_id: info.id });
  }, [status.kind, info.id]);

  // The applied native filters are kept under native_filters_key, so a reload or a shared link keeps them.
  useFilterStateKey(status.kind === 'ready' && !embedded);

  useEffect(() => {
    if (refreshFrequency <= 0 || status.kind !== 'ready') return;
    const intervalMs = refreshFrequency * 1000;
    const timer = setInterval(() => dispatch(refreshDashboard({ intervalMs })), intervalMs);
    return () => clearInterval(timer);
  }, [dispatch, refreshFrequency, status.kind]);

  useEffect(() => {
    if (!editMode || !hasUnsavedChanges) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [editMode, hasUnsavedChanges]);

  useEffect(() => {
    if (status.kind !== 'ready' || !url.focusedChartId) return;
    const timer = setTimeout(
      () => document.querySelector(`[data-chart-id="${url.focusedChartId}"]`)?.scrollIntoView({ block: 'center' }),
      300,
    );
    return () => clearTimeout(timer);
  }, [status.kind, url.focusedChartId]);

  const afterSave = useCallback(
    (path?: string) => {
      const next = new URLSearchParams(searchParams);
      next.delete(URL_PARAMS.edit);
      const search = next.toString();
      navigate(`${path ?? window.location.pathname}${search ? `?${search}` : ''}`, { replace: true });
    },
    [navigate, searchParams],
  );
  const save = useCallback(
    async (confirmed = false) => {
      const outcome = await dispatch(saveDashboard(confirmed));
      if (outcome.saved) afterSave(key ? undefined : outcome.path);
    },
    [afterSave, dispatch, key],
  );
  const gridView = useMemo<GridView>(
    () => ({
      editMode,
      hideChartControls: chrome.hideChartControls,
      hideTab: chrome.hideTab,
      onScopeCrossFilters: (chartId: number) => setModal({ kind: 'crossFilterScoping', chartId }),
    }),
    [editMode, chrome.hideChartControls, chrome.hideTab],
  );

  if (status.kind === 'loading' && info.id === null) return <PageSpinner />;
  if (status.kind === 'error') {
    return (
      <Result
        status={status.status === 404 ? '404' : status.status === 403 ? '403' : 'error'}
        title={status.status === 404 ? t('Dashboard not found') : t('This dashboard could not be opened')}
        subTitle={status.message}
        extra={
          <Link to="/dashboard/list/">
            <Button type="primary">{t('Dashboards')}</Button>
          </Link>
        }
      />
    );
  }
  const horizontal = flags.HORIZONTAL_FILTER_BAR !== false && info.filterBarOrientation === 'HORIZONTAL';
  // The embedding SDK's filter bar settings (dashboardUiConfig.filters.visible / .expanded), as Superset reads them.
  const showFilters = searchParams.get('show_filters') !== 'false';
  const filterBar = !chrome.hideFilterBar && showFilters && (
    <FilterBar
      horizontal={horizontal}
      startCollapsed={searchParams.get('expand_filters') === 'false'}
      onEditFilters={() => setModal({ kind: 'filterConfig' })}
      onScopeCrossFilters={() => setModal({ kind: 'crossFilterScoping' })}
    />
  );
  return (
    <div data-test="dashboard-page" className={editMode ? 'dashboard dashboard--editing' : 'dashboard'}>
      <DashboardStyles />
      {css && <DashboardCss css={css} />}
      <DashboardHeader
        hideTitle={chrome.hideTitle}
        onSave={() => void save()}
        onDiscard={() => {
          afterSave();
          void load(false);
        }}
        onOpenModal={(kind) => setModal({ kind })}
        onFullscreen={() => {
          const next = new URLSearchParams(searchParams);
          if (next.get(URL_PARAMS.standalone)) next.delete(URL_PARAMS.standalone);
          else next.set(URL_PARAMS.standalone, '1');
          setSearchParams(next);
        }}
        gridElement={() => gridRef.current}
      />
      {horizontal && filterBar}
      <DashboardDnd>
        <div style={{ display: 'flex', alignItems: 'stretch', minHeight: 'calc(100vh - 120px)' }}>
          {!horizontal && filterBar}
          <main ref={gridRef} style={{ flex: 1, minWidth: 0, padding: 16 }}>
            <GridViewContext.Provider value={gridView}>
              <DashboardGrid />
            </GridViewContext.Provider>
          </main>
          {editMode && <BuilderPane />}
        </div>
      </DashboardDnd>
      <DashboardModals
        modal={modal}
        onClose={() => setModal(null)}
        onSaved={afterSave}
        onConfirmOverwrite={() => void save(true)}
        onCopied={(id) => {
          setModal(null);
          navigate(dashboardPath({ id, slug: null }));
        }}
      />
    </div>
  );
}
