// Loads the bootstrap data (user, locale, flags, the async event transport, the chart-data hosts) once before any
// page renders.
import { Alert, Button } from 'antd';
import { type ReactNode, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { setAsyncEventTransport } from '../api/async-event';
import { fetchBootstrap } from '../api/session-api';
import { setChartDataHosts } from '../chart-data/domain-sharding';
import PageSpinner from '../components/PageSpinner';
import { applyPageLocale } from '../i18n/i18n';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { bootstrapFailed, bootstrapLoaded } from './state/session';

export default function BootstrapGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAppSelector((state) => state.session.status);
  const error = useAppSelector((state) => state.session.error);

  const load = useCallback(async () => {
    try {
      const data = await fetchBootstrap();
      await applyPageLocale(data.common.locale, data.user !== null);
      setAsyncEventTransport(data.common.conf.GLOBAL_ASYNC_QUERIES_TRANSPORT);
      setChartDataHosts(data.common.conf.SUPERSET_WEBSERVER_DOMAINS, window.location);
      dispatch(bootstrapLoaded(data));
    } catch (failure) {
      dispatch(bootstrapFailed(isApiError(failure) ? failure.message : String(failure)));
    }
  }, [dispatch]);

  useEffect(() => {
    void load();
  }, [load]);

  if (status === 'loading') return <PageSpinner />;
  if (status === 'failed') {
    return (
      <div style={{ maxWidth: 560, margin: '96px auto', padding: 16 }}>
        <Alert
          type="error"
          showIcon
          title={t('Nezha could not start')}
          description={error}
          action={
            <Button type="primary" onClick={() => void load()}>
              {t('Retry')}
            </Button>
          }
        />
      </div>
    );
  }
  return children;
}
