// The builder pane of edit mode: Layout elements (tabs, row, column, header, markdown, divider) and Charts (a
// searchable, paged list of saved charts) to drag onto the dashboard.
import {
  BorderOutlined,
  ColumnWidthOutlined,
  FileTextOutlined,
  FolderOutlined,
  FontSizeOutlined,
  LineOutlined,
} from '@ant-design/icons';
import { Alert, Button, Empty, Input, Spin, Tabs, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { addDangerToast } from '../../../components/toasts/state/message-toasts';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { BUILDER_PANE_PAGE_SIZE, type ChartListEntry, fetchChartsForPane } from '../../api/dashboard-api';
import { FETCH_CHARTS_FAILED, FETCH_CHARTS_FAILED_TOAST } from '../../state/messages';
import NewComponentCard from './NewComponentCard';

/** The dashboard header's height; the pane sticks right under it. */
const HEADER_HEIGHT = 64;

function LayoutElements() {
  const { t } = useTranslation();
  return (
    <div data-test="builder-layout-elements">
      <NewComponentCard id="new:TABS" type="TABS" label={t('Tabs')} icon={<FolderOutlined />} />
      <NewComponentCard id="new:ROW" type="ROW" label={t('Row')} icon={<BorderOutlined />} />
      <NewComponentCard id="new:COLUMN" type="COLUMN" label={t('Column')} icon={<ColumnWidthOutlined />} />
      <NewComponentCard id="new:HEADER" type="HEADER" label={t('Header')} icon={<FontSizeOutlined />} />
      <NewComponentCard id="new:MARKDOWN" type="MARKDOWN" label={t('Text')} icon={<FileTextOutlined />} />
      <NewComponentCard id="new:DIVIDER" type="DIVIDER" label={t('Divider')} icon={<LineOutlined />} />
    </div>
  );
}

function ChartsList() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const placed = useAppSelector((state) => state.dashboardState.sliceIds);
  const [search, setSearch] = useState('');
  const [charts, setCharts] = useState<ChartListEntry[]>([]);
  const [count, setCount] = useState(0);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const load = useCallback(
    async (text: string, pageNumber: number) => {
      const call = ++latest.current;
      setLoading(true);
      try {
        const body = await fetchChartsForPane(text, pageNumber);
        if (call !== latest.current) return;
        setCharts((current) => (pageNumber === 0 ? body.result : [...current, ...body.result]));
        setCount(body.count);
        setPage(pageNumber);
        setError(null);
      } catch (failure) {
        if (call !== latest.current) return;
        const message = isApiError(failure) ? failure.message : String(failure);
        setError(FETCH_CHARTS_FAILED);
        dispatch(addDangerToast(t(FETCH_CHARTS_FAILED_TOAST, { error: message })));
      } finally {
        if (call === latest.current) setLoading(false);
      }
    },
    [dispatch, t],
  );

  useEffect(() => {
    const timer = setTimeout(() => void load(search, 0), 300);
    return () => clearTimeout(timer);
  }, [search, load]);

  return (
    <div data-test="builder-charts">
      <Input.Search
        allowClear
        placeholder={t('Filter your charts')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        style={{ marginBottom: 12 }}
        data-test="builder-chart-search"
      />
      {error && <Alert type="error" showIcon title={t(error)} style={{ marginBottom: 8 }} />}
      {!loading && charts.length === 0 && !error && <Empty description={t('No charts')} />}
      {charts.map((chart) => {
        const added = placed.includes(chart.id);
        return (
          <NewComponentCard
            key={chart.id}
            id={`newchart:${chart.id}`}
            type="CHART"
            label={chart.slice_name}
            meta={{ chartId: chart.id, sliceName: chart.slice_name }}
            chartEntry={chart}
            disabled={added}
            detail={
              <>
                {chart.viz_type} · {chart.datasource_name_text ?? ''}
                {added ? ` · ${t('Added')}` : ''}
              </>
            }
          />
        );
      })}
      {loading && <Spin style={{ display: 'block', margin: '12px auto' }} />}
      {!loading && charts.length < count && (
        <Button block onClick={() => void load(search, page + 1)} data-test="builder-load-more">
          {t('Load more ({{shown}} of {{count}})', { shown: charts.length, count })}
        </Button>
      )}
      {count > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('{{count}} charts, {{size}} per page', { count, size: BUILDER_PANE_PAGE_SIZE })}
        </Typography.Text>
      )}
    </div>
  );
}

export default function BuilderPane() {
  const { t } = useTranslation();
  return (
    <aside
      data-test="builder-pane"
      style={{
        width: 320,
        flex: '0 0 320px',
        background: '#fafafa',
        borderLeft: '1px solid #e0e0e0',
        padding: '8px 16px',
        // Below the sticky header, as tall as the window, scrolling on its own.
        position: 'sticky',
        top: HEADER_HEIGHT,
        alignSelf: 'flex-start',
        height: `calc(100vh - ${HEADER_HEIGHT}px)`,
        overflowY: 'auto',
      }}
    >
      <Tabs
        defaultActiveKey="charts"
        items={[
          { key: 'charts', label: t('Charts'), children: <ChartsList /> },
          { key: 'layout', label: t('Layout elements'), children: <LayoutElements /> },
        ]}
      />
    </aside>
  );
}
