// "View results" of a past run: its stored results (by resultsKey) in a dialog, with copy and CSV download.
import { Alert, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import Modal from '../../components/Modal';
import { useAppSelector } from '../../store/hooks';
import { fetchResultsByKey } from '../api';
import type { QueryResultsPayload } from '../api/types';
import ResultSetToolbar from '../components/ResultSetToolbar';
import ResultsGrid from '../components/ResultsGrid';
import type { QueryHistoryItem } from '../components/types';
import { selectSqlLabConf } from '../state';
import { useNotify } from './use-notify';

interface ResultsModalProps {
  query: QueryHistoryItem | null;
  onClose: () => void;
}

export default function ResultsModal({ query, onClose }: ResultsModalProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const conf = useAppSelector(selectSqlLabConf);
  const [results, setResults] = useState<QueryResultsPayload | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = query?.resultsKey ?? null;

  useEffect(() => {
    setResults(null);
    setError(null);
    if (!query) return undefined;
    if (!key) {
      setError(t('The results of this query were not kept. Run it again to see them.'));
      return undefined;
    }
    let live = true;
    fetchResultsByKey(key, { timeoutSeconds: conf.resultTimeoutSeconds }).then(
      (body) => live && setResults(body),
      (failure: unknown) => live && setError(isApiError(failure) ? failure.message : String(failure)),
    );
    return () => {
      live = false;
    };
  }, [query, key, conf.resultTimeoutSeconds, t]);

  let body = (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
  if (error) body = <Alert type="error" showIcon title={error} />;
  else if (results) {
    body = (
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8, height: 480 }}>
        <ResultSetToolbar
          limits={{ rows: results.data.length, displayLimitReached: results.displayLimitReached ?? false }}
          columns={results.columns}
          data={results.data}
          fileName={query?.tab}
          onNotify={notify}
        />
        <div style={{ flex: 1, minHeight: 0 }}>
          <ResultsGrid columns={results.columns} data={results.data} onNotify={notify} />
        </div>
      </div>
    );
  }
  return (
    <Modal
      open={query !== null}
      title={t('Results of a past query')}
      onCancel={onClose}
      footer={null}
      width={900}
      destroyOnHidden
    >
      <div data-test="history-results">{body}</div>
    </Modal>
  );
}
