// /embedded/{uuid} inside the router: finds the embedded dashboard the uuid names and shows it alone.
import { Result } from 'antd';
import { lazy, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { isApiError } from '../api/api-error';
import { api } from '../api/client';
import LazyLoad from '../components/LazyLoad';
import PageSpinner from '../components/PageSpinner';

const DashboardPage = lazy(() => import('../dashboard/DashboardPage'));

export default function EmbeddedDashboard() {
  const { uuid } = useParams();
  const [dashboardId, setDashboardId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api
      .get<{ result: { dashboard_id: string } }>(`/api/v1/embedded_dashboard/${uuid ?? ''}`, {
        redirectOnUnauthorized: false,
      })
      .then((body) => live && setDashboardId(body.result.dashboard_id))
      .catch((failure: unknown) => live && setError(isApiError(failure) ? failure.message : String(failure)));
    return () => {
      live = false;
    };
  }, [uuid]);
  if (error) return <Result status="403" title={error} />;
  if (!dashboardId) return <PageSpinner />;
  return (
    <div data-test="embedded-dashboard" style={{ minHeight: '100vh', background: '#f5f7f8' }}>
      <LazyLoad fallback={<PageSpinner />}>
        <DashboardPage idOrSlug={dashboardId} embedded />
      </LazyLoad>
    </div>
  );
}
