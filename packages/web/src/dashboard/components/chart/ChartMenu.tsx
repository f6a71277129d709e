// A dashboard chart's "…" menu (spec §2): force refresh, fullscreen, description, view query and results, drill to
// detail, drill by, explore, share (link, email), and downloads (image, CSV, pivoted CSV, full CSV, XLSX, full XLSX).
import { EllipsisOutlined } from '@ant-design/icons';
import type { QueryFormData } from '@nezha/core';
import { Button, Dropdown, type MenuProps } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { downloadChartData, saveBlob } from '../../../chart-data/chart-data-api';
import { addDangerToast, addSuccessToast } from '../../../components/toasts/state/message-toasts';
import { downloadChartImage } from '../../../explore/components/chart-image';
import { COPY_SUCCESS_MESSAGE, copyTextToClipboard } from '../../../sqllab/components/copy-to-clipboard';
import { useAppDispatch } from '../../../store/hooks';
import { dashboardStateActions } from '../../state/dashboard-state';
import { PERMALINK_FAILED } from '../../state/messages';
import { dashboardChartQuery, requestChartData } from '../../state/thunks/chart-data';
import { createPermalink } from '../../state/thunks/header-actions';
import { URL_PARAMS } from '../../url-state';
import type { ChartDataKind } from './ChartDataModal';

interface Props {
  chartId: number;
  sliceName: string;
  formData: QueryFormData | null;
  exploreUrl: string;
  hasDescription: boolean;
  isFullSize: boolean;
  /** can_csv on Superset: the Download submenu. */
  canDownload: boolean;
  /** can_share_chart on Superset: the Share submenu. */
  canShare: boolean;
  /** can_explore on Superset: "Explore chart". */
  canExplore: boolean;
  /** The pivoted CSV of what the chart shows (pivot tables only). */
  exportPivotCsv?: () => string;
  onDrillBy?: () => void;
  onDrillToDetail?: () => void;
  chartElement: () => HTMLElement | null;
  onOpenData: (kind: ChartDataKind) => void;
  onScopeCrossFilters?: () => void;
}

function ChartMenu(props: Props) {
  const { chartId, sliceName, formData, exploreUrl, hasDescription, isFullSize, canDownload, canShare } = props;
  const { t } = useTranslation();
  const dispatch = useAppDispatch();

  const download = async (format: 'csv' | 'xlsx', full: boolean) => {
    if (!formData) return;
    try {
      const context = dashboardChartQuery(formData, undefined, false);
      // The full export drops the chart's row limit: every row the query would give.
      const queries = full ? context.queries.map((query) => ({ ...query, row_limit: 0 })) : context.queries;
      await downloadChartData({ ...context, queries }, format, sliceName || 'chart');
    } catch (error) {
      dispatch(addDangerToast(isApiError(error) ? error.message : String(error)));
    }
  };

  const share = async (by: 'link' | 'email') => {
    try {
      const link = new URL(await dispatch(createPermalink(undefined, chartId)));
      link.searchParams.set(URL_PARAMS.focusedChart, String(chartId));
      if (by === 'email') {
        const subject = encodeURIComponent(`${t('Superset chart')} ${sliceName}`);
        const body = encodeURIComponent(`${t('Check out this chart: ')}${link.toString()}`);
        window.location.href = `mailto:?Subject=${subject}&Body=${body}`;
        return;
      }
      const copied = await copyTextToClipboard(link.toString());
      dispatch(copied ? addSuccessToast(t(COPY_SUCCESS_MESSAGE)) : addDangerToast(t(PERMALINK_FAILED)));
    } catch {
      dispatch(addDangerToast(t(PERMALINK_FAILED)));
    }
  };

  const downloadPivot = () => {
    if (!props.exportPivotCsv) return;
    try {
      const name = `${sliceName.replace(/[^\w.-]+/g, '_') || 'chart'}.csv`;
      saveBlob(new Blob([props.exportPivotCsv()], { type: 'text/csv;charset=utf-8' }), name);
    } catch (error) {
      dispatch(addDangerToast(error instanceof Error ? error.message : String(error)));
    }
  };

  const items: MenuProps['items'] = [
    { key: 'refresh', label: t('Force refresh') },
    { key: 'fullscreen', label: isFullSize ? t('Exit fullscreen') : t('Enter fullscreen') },
    ...(hasDescription ? [{ key: 'description', label: t('Toggle chart description') }] : []),
    ...(props.canExplore ? [{ key: 'explore', label: <a href={exploreUrl}>{t('Explore chart')}</a> }] : []),
    { type: 'divider' as const },
    { key: 'query', label: t('View query') },
    { key: 'results', label: t('View results') },
    ...(props.onDrillToDetail ? [{ key: 'drill', label: t('Drill to detail') }] : []),
    ...(props.onDrillBy ? [{ key: 'drill-by', label: t('Drill by') }] : []),
    ...(props.onScopeCrossFilters ? [{ key: 'scoping', label: t('Cross-filtering scoping') }] : []),
    ...(canShare
      ? [
          {
            key: 'share',
            label: t('Share'),
            children: [
              { key: 'share-link', label: t('Copy permalink to clipboard') },
              { key: 'share-email', label: t('Share chart by email') },
            ],
          },
        ]
      : []),
    ...(canDownload
      ? [
          {
            key: 'download',
            label: t('Download'),
            children: [
              { key: 'csv', label: t('Export to .CSV') },
              ...(props.exportPivotCsv ? [{ key: 'pivot-csv', label: t('Export to Pivoted .CSV') }] : []),
              { key: 'full-csv', label: t('Export to full .CSV') },
              { key: 'xlsx', label: t('Export to Excel') },
              { key: 'full-xlsx', label: t('Export to full Excel') },
              { key: 'image', label: t('Download as image') },
            ],
          },
        ]
      : []),
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    switch (key) {
      case 'refresh':
        dispatch(requestChartData(chartId, { force: true }));
        break;
      case 'fullscreen':
        dispatch(dashboardStateActions.fullSizeChartToggled(chartId));
        break;
      case 'description':
        dispatch(dashboardStateActions.expandedSliceToggled(chartId));
        break;
      case 'query':
      case 'results':
        props.onOpenData(key);
        break;
      case 'drill':
        props.onDrillToDetail?.();
        break;
      case 'scoping':
        props.onScopeCrossFilters?.();
        break;
      case 'drill-by':
        props.onDrillBy?.();
        break;
      case 'share-link':
        void share('link');
        break;
      case 'share-email':
        void share('email');
        break;
      case 'pivot-csv':
        downloadPivot();
        break;
      case 'csv':
        void download('csv', false);
        break;
      case 'full-csv':
        void download('csv', true);
        break;
      case 'xlsx':
        void download('xlsx', false);
        break;
      case 'full-xlsx':
        void download('xlsx', true);
        break;
      case 'image': {
        const element = props.chartElement();
        if (element) void downloadChartImage(element, sliceName || 'chart');
        break;
      }
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button
        type="text"
        size="small"
        icon={<EllipsisOutlined />}
        aria-label={t('More options')}
        data-test="chart-menu"
      />
    </Dropdown>
  );
}

/** Memoised: fifty charts re-render on each of their status changes, and their menus need not. */
export default memo(ChartMenu);
