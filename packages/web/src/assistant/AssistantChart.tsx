// A chart in the assistant's conversation: its form data asked of the chart data API through the viz type's own
// buildQuery and drawn by the chart plugins (loaded when first drawn), as wide as the panel. A stored reply draws
// again from its form data, with the reader's rights of the moment. "Open in Explore" and "Save" sit under it.
import type { QueryFormData } from '@nezha/core';
import { Alert, Button, Segmented, Space, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postChartData } from '../chart-data/chart-data-api';
import { buildChartQuery } from '../chart-data/chart-query';
import { registerAllCharts } from '../charts';
import ChartRenderer from '../charts/ChartRenderer';
import type { ChartHooks, ChartQueryResult } from '../charts/types';
import { useElementSize } from '../explore/components/use-element-size';
import AssistantSaveChartModal from './AssistantSaveChartModal';
import { exploreUrl } from './assistant-api';

// The viz types' light parts (buildQuery, transformProps) come with the panel's chunk; in SQL Lab nothing else
// registers them.
registerAllCharts();

export const CHART_HEIGHT = 260;

const DATASOURCE = { verboseMap: {}, columnFormats: {} };

interface AssistantChartProps {
  formData: Record<string, unknown>;
  /** The chart's rows as the reply stored them, shown under "Data". */
  grid: ReactNode;
  /** The name offered when saving: the question that asked for the chart. */
  suggestedName: string;
}

type Drawn = { state: 'loading' } | { state: 'ready'; result: ChartQueryResult[] } | { state: 'failed'; error: string };

export default function AssistantChart({ formData, grid, suggestedName }: AssistantChartProps) {
  const { t } = useTranslation();
  const { ref, width } = useElementSize<HTMLDivElement>();
  const [drawn, setDrawn] = useState<Drawn>({ state: 'loading' });
  const [rendered, setRendered] = useState<'rendered' | 'failed' | null>(null);
  const [view, setView] = useState<'chart' | 'data'>('chart');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<{ id: number; name: string } | null>(null);
  const chartFormData = formData as QueryFormData;

  useEffect(() => {
    const abort = new AbortController();
    setDrawn({ state: 'loading' });
    setRendered(null);
    postChartData(
      buildChartQuery(formData as QueryFormData, { result_format: 'json', result_type: 'full', force: false }),
      { signal: abort.signal },
    )
      .then((result) => {
        if (!abort.signal.aborted) setDrawn({ state: 'ready', result: result as unknown as ChartQueryResult[] });
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setDrawn({ state: 'failed', error: (error as Error).message || String(error) });
      });
    return () => abort.abort();
  }, [formData]);

  const [hooks] = useState<ChartHooks>(() => ({
    onRenderSuccess: () => setRendered('rendered'),
    onRenderFailure: () => setRendered('failed'),
  }));

  return (
    <div data-test="assistant-chart" style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      <Segmented
        size="small"
        value={view}
        onChange={(next) => setView(next as 'chart' | 'data')}
        options={[
          { value: 'chart', label: t('Chart') },
          { value: 'data', label: t('Data') },
        ]}
        style={{ alignSelf: 'flex-start' }}
        data-test="assistant-chart-view"
      />
      <div
        ref={ref}
        style={{ width: '100%', height: CHART_HEIGHT, display: view === 'chart' ? 'block' : 'none' }}
        data-test="assistant-chart-canvas"
        data-chart-status={drawn.state === 'failed' ? 'failed' : (rendered ?? drawn.state)}
      >
        {drawn.state === 'loading' && (
          <div style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Spin />
          </div>
        )}
        {drawn.state === 'failed' && <Alert type="error" showIcon message={drawn.error} />}
        {drawn.state === 'ready' && width > 0 && (
          <ChartRenderer
            vizType={chartFormData.viz_type}
            width={width}
            height={CHART_HEIGHT}
            formData={chartFormData}
            queriesData={drawn.result}
            datasource={DATASOURCE}
            hooks={hooks}
          />
        )}
      </div>
      {view === 'data' && grid}
      <Space size={4} wrap>
        <Button size="small" href={exploreUrl(formData)} data-test="assistant-open-explore">
          {t('Open in Explore')}
        </Button>
        <Button size="small" onClick={() => setSaving(true)} data-test="assistant-save-chart">
          {t('Save')}
        </Button>
        {saved && (
          <Typography.Link href={`/explore/?slice_id=${saved.id}`} data-test="assistant-saved-chart">
            {t('Saved as {{name}}', { name: saved.name })}
          </Typography.Link>
        )}
      </Space>
      {saving && (
        <AssistantSaveChartModal
          formData={chartFormData}
          suggestedName={suggestedName}
          onClose={() => setSaving(false)}
          onSaved={(chart) => {
            setSaved(chart);
            setSaving(false);
          }}
        />
      )}
    </div>
  );
}
