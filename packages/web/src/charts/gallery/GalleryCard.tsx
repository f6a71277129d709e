// One gallery chart: buildQuery → the sample "server" → ChartRenderer, keeping the chart's data mask so that
// cross-filter highlights and the table's server pages work as on a dashboard.
import type { QueryFormData } from '@nezha/core';
import { Card, Tag } from 'antd';
import { useMemo, useState } from 'react';
import ChartRenderer from '../ChartRenderer';
import { getChartPlugin } from '../registry';
import type { ChartHooks, ChartQueryResult, DataMask } from '../types';
import type { GalleryCase } from './gallery-case';
import { runQuery } from './mini-engine';
import { SAMPLE_DATASETS } from './sample-datasets';

const DATASOURCE = { verboseMap: { ds: 'Date', temp_max: 'Max temperature', num: 'Births' }, columnFormats: {} };

interface Props {
  example: GalleryCase;
  width: number;
  height: number;
  onEvent: (text: string) => void;
}

export default function GalleryCard({ example, width, height, onEvent }: Props) {
  const [dataMask, setDataMask] = useState<DataMask>({});
  const [status, setStatus] = useState<'loading' | 'rendered' | 'failed'>('loading');
  const formData = useMemo<QueryFormData>(
    () => ({ datasource: '1__table', viz_type: example.vizType, ...example.formData }),
    [example],
  );
  const { queriesData, error } = useMemo(() => {
    try {
      const plugin = getChartPlugin(example.vizType);
      if (!plugin) throw new Error(`Unknown viz type ${example.vizType}`);
      const context = plugin.buildQuery(formData, { ownState: dataMask.ownState ?? {} });
      const dataset = SAMPLE_DATASETS[example.dataset];
      if (!dataset) throw new Error(`Unknown dataset ${example.dataset}`);
      return { queriesData: context.queries.map((query) => runQuery(dataset, query)), error: null };
    } catch (failure) {
      return {
        queriesData: [] as ChartQueryResult[],
        error: failure instanceof Error ? failure.message : String(failure),
      };
    }
  }, [example, formData, dataMask.ownState]);
  const hooks = useMemo<ChartHooks>(
    () => ({
      setDataMask: (mask) => {
        setDataMask((current) => ({ ...current, ...mask }));
        onEvent(`${example.id}: ${JSON.stringify(mask.extraFormData?.filters ?? mask.ownState ?? mask)}`);
      },
      onContextMenu: (x, y, filters) => onEvent(`${example.id}: context menu at ${x},${y} ${JSON.stringify(filters)}`),
      onRenderSuccess: () => setStatus('rendered'),
      onRenderFailure: (message) => {
        setStatus('failed');
        onEvent(`${example.id}: ${message}`);
      },
    }),
    [example.id, onEvent],
  );
  const color = status === 'rendered' ? 'green' : status === 'failed' ? 'red' : 'default';
  return (
    <Card
      size="small"
      title={example.title}
      extra={
        <>
          <Tag>{example.vizType}</Tag>
          <Tag color={color} data-status={status}>
            {status}
          </Tag>
        </>
      }
      data-viz={example.id}
      styles={{ body: { padding: 8 } }}
    >
      {error ? (
        <div style={{ width, height, color: '#cf1322' }}>{error}</div>
      ) : (
        <ChartRenderer
          vizType={example.vizType}
          width={width}
          height={height}
          formData={formData}
          queriesData={queriesData}
          datasource={DATASOURCE}
          hooks={hooks}
          {...(dataMask.filterState ? { filterState: dataMask.filterState } : {})}
          {...(dataMask.ownState ? { ownState: dataMask.ownState } : {})}
        />
      )}
    </Card>
  );
}
