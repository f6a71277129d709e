// Under the chart: its status, how many rows came back, how long the query took, and whether it was cached.

import type { QueryFormData } from '@nezha/core';
import { Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartState } from '../../chart-data/charts-slice';
import { getChartPlugin } from '../../charts/registry';
import type { ChartQueryResult } from '../../charts/types';
import { i18nKey, t } from '../../i18n/i18n';

const STATUS_COLOR: Record<string, string> = {
  loading: 'processing',
  success: 'success',
  rendered: 'success',
  failed: 'error',
  stopped: 'warning',
};

/** The status tag's words, catalogue keys (the chart status itself stays the spec's English value). */
const STATUS_LABEL: Record<string, string> = {
  loading: i18nKey('loading'),
  success: i18nKey('success'),
  rendered: i18nKey('rendered'),
  failed: i18nKey('failed'),
  stopped: i18nKey('stopped'),
};

function seconds(ms: number): string {
  return t('{{seconds}} sec', { seconds: (ms / 1000).toFixed(2) });
}

/** The rows the chart draws from its answer: the query's count, unless its viz type regroups the rows. */
function drawnRows(chart: ChartState): number | undefined {
  const first = chart.queriesResponse?.[0];
  if (typeof first?.rowcount !== 'number') return undefined;
  const formData = chart.latestQueryFormData as QueryFormData;
  const count = getChartPlugin(formData?.viz_type)?.drawnRowCount;
  if (!count) return first.rowcount;
  return count({ formData, queriesData: (chart.queriesResponse ?? []) as unknown as ChartQueryResult[] });
}

export default function ChartStatusBar({ chart }: { chart: ChartState }) {
  useTranslation();
  const [now, setNow] = useState(Date.now());
  const loading = chart.chartStatus === 'loading';
  useEffect(() => {
    if (!loading) return;
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, [loading]);
  const end = loading ? now : (chart.chartUpdateEndTime ?? chart.chartUpdateStartTime);
  const elapsed = chart.chartUpdateStartTime ? Math.max(0, end - chart.chartUpdateStartTime) : null;
  const first = chart.queriesResponse?.[0];
  const rows = chart.chartStatus === 'failed' ? undefined : drawnRows(chart);

  return (
    <div
      data-test="chart-status-bar"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '6px 16px',
        borderTop: '1px solid #f0f0f0',
        fontSize: 12,
      }}
    >
      {chart.chartStatus && (
        <Tag color={STATUS_COLOR[chart.chartStatus]} data-test="chart-status">
          {t(STATUS_LABEL[chart.chartStatus] ?? chart.chartStatus)}
        </Tag>
      )}
      {typeof rows === 'number' && <span data-test="chart-row-count">{t('{{count}} rows', { count: rows })}</span>}
      {first?.is_cached && (
        <Tooltip
          title={first.cached_dttm ? t('Loaded from cache at {{when}}', { when: first.cached_dttm }) : undefined}
        >
          <Tag>{t('Cached')}</Tag>
        </Tooltip>
      )}
      <span style={{ flex: 1 }} />
      {elapsed !== null && <span data-test="chart-elapsed">{seconds(elapsed)}</span>}
    </div>
  );
}
