// One run's result in the south pane: progress and timer while it runs, the error panel, or the grid.

import { isActiveState, LIMITING_FACTORS, type LimitingFactor } from '@nezha/core';
import { Alert, Button, Empty } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { i18n } from '../../i18n/i18n';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import ErrorMessage from '../components/ErrorMessage';
import QueryProgress from '../components/QueryProgress';
import QueryStateBadge from '../components/QueryStateBadge';
import QueryTimer from '../components/QueryTimer';
import ResultSetToolbar from '../components/ResultSetToolbar';
import ResultsGrid from '../components/ResultsGrid';
import { createDatasetFromResults, type Query, selectSqlLabConf, stopQuery } from '../state';
import { UNTITLED_QUERY } from '../state/defaults';
import { useNotify } from './use-notify';

const CreateDatasetModal = lazy(() => import('./CreateDatasetModal'));

interface QueryResultsProps {
  query: Query | undefined;
  /** The tab's name: names the CSV file and the dataset made from the results. */
  tabName?: string;
  /** A data preview: no dataset or explore actions, no filter box. */
  preview?: boolean;
}

function limitingFactorOf(value: string | undefined): LimitingFactor | null {
  return LIMITING_FACTORS.find((factor) => factor === value) ?? null;
}

function exploreUrl(datasetId: number): string {
  return `/explore/?datasource_type=table&datasource_id=${datasetId}`;
}

function defaultDatasetName(tabName: string | undefined, now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace('T', ' ');
  return `${tabName || i18n.t(UNTITLED_QUERY)} ${stamp}`;
}

const BOX = { height: '100%', display: 'flex', flexDirection: 'column', gap: 8, minHeight: 0 } as const;

export default function QueryResults({ query, tabName, preview = false }: QueryResultsProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const notify = useNotify();
  const conf = useAppSelector(selectSqlLabConf);
  const datasetError = useAppSelector((state) => state.sqlLab.errorMessage);
  const creating = useAppSelector((state) => state.sqlLab.isDatasourceLoading);
  const [naming, setNaming] = useState<string | null>(null);

  if (!query) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('Run a query to display results here')}
        style={{ margin: '32px 0' }}
        data-test="results-empty"
      />
    );
  }

  if (isActiveState(query.state)) {
    const partial = query.streamedResults;
    const running = (
      <div style={{ padding: '16px 4px', display: 'flex', flexDirection: 'column', gap: 12 }} data-test="query-running">
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <QueryStateBadge state={query.state} />
          <QueryTimer state={query.state} startDttm={query.startDttm} endDttm={query.endDttm} />
          {!preview && (
            <Button size="small" danger onClick={() => void dispatch(stopQuery(query.id))} data-test="results-stop">
              {t('Stop')}
            </Button>
          )}
        </div>
        {!partial && (
          <div style={{ maxWidth: 420 }}>
            <QueryProgress progress={query.progress} />
          </div>
        )}
        {partial && (
          <span data-test="results-streaming">{t('{{count}} rows so far', { count: partial.data.length })}</span>
        )}
      </div>
    );
    if (!partial) return running;
    // A streamed answer: the rows so far are drawn while the rest is still coming.
    return (
      <div style={BOX} data-test="query-results-partial">
        {running}
        <div style={{ flex: 1, minHeight: 0 }}>
          <ResultsGrid columns={partial.columns} data={partial.data} searchable={false} onNotify={notify} />
        </div>
      </div>
    );
  }

  if (query.state === 'stopped') {
    return <Alert type="warning" showIcon title={t('Query was stopped.')} data-test="query-stopped" />;
  }

  if (query.state === 'failed' || query.state === 'timed_out') {
    return (
      <div style={{ overflow: 'auto' }} data-test="query-error">
        <ErrorMessage
          error={query.errors?.[0] ?? null}
          message={query.errorMessage}
          link={query.link}
          onNotify={notify}
        />
      </div>
    );
  }

  const results = query.results;
  const data = results?.data ?? [];
  const columns = results?.columns ?? query.columns ?? [];
  if (!results || (data.length === 0 && query.resultsKey && query.cached)) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('The results of this query are no longer shown. Run it again to see them.')}
        style={{ margin: '32px 0' }}
      />
    );
  }

  const createDataset = async (name: string) => {
    const id = await dispatch(
      createDatasetFromResults({
        dbId: query.dbId,
        catalog: query.catalog ?? null,
        schema: query.schema ?? null,
        sql: query.executedSql || query.sql,
        datasetName: name,
        templateParams: query.templateParams ?? null,
      }),
    );
    if (id === null) return;
    setNaming(null);
    navigate(exploreUrl(id));
  };

  return (
    <div style={BOX} data-test={preview ? 'data-preview' : 'query-results'}>
      <ResultSetToolbar
        limits={{
          rows: query.rows ?? data.length,
          limitingFactor: limitingFactorOf(query.limitingFactor),
          queryLimit: query.queryLimit ?? null,
          defaultQueryLimit: conf.defaultQueryLimit,
          displayLimitReached: results.displayLimitReached ?? false,
        }}
        columns={columns}
        data={data}
        fileName={preview ? query.tableName : tabName}
        onCreateDataset={preview ? undefined : () => setNaming(defaultDatasetName(tabName, new Date()))}
        onExplore={preview ? undefined : () => void createDataset(defaultDatasetName(tabName, new Date()))}
        onNotify={notify}
      />
      <div style={{ flex: 1, minHeight: 0 }}>
        <ResultsGrid columns={columns} data={data} searchable={!preview} onNotify={notify} />
      </div>
      {naming !== null && (
        <Suspense fallback={null}>
          <CreateDatasetModal
            open
            defaultName={naming}
            creating={creating}
            error={datasetError}
            onCreate={(name) => void createDataset(name)}
            onCancel={() => setNaming(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
