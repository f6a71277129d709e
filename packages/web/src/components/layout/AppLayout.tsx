// The signed-in shell: navigation (unless standalone), the routed page, toasts; sends anonymous users to login.
import { Layout } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { setLoggingEnabled } from '../../logger/event-logger';
import { loginPathFor } from '../../session/safe-next';
import { useCurrentUser } from '../../session/use-session';
import LazyLoad from '../LazyLoad';
import PageSpinner from '../PageSpinner';
import { isStandalone } from './standalone';
import { useNavigationLogging } from './use-navigation-logging';

// The login page does not need the menu components, so the shell loads them only once signed in.
const NavBar = lazy(() => import('./NavBar'));
const navPlaceholder = <div style={{ height: 56, background: '#fff', borderBottom: '1px solid #e0e0e0' }} />;

export default function AppLayout() {
  const user = useCurrentUser();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const signedIn = user !== null;

  // Enabled before the navigation effect below runs (effects run in order), so the first page counts.
  useEffect(() => setLoggingEnabled(signedIn), [signedIn]);
  useNavigationLogging();

  if (!user) return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  return (
    <Layout style={{ minHeight: '100vh', background: '#f5f7f8' }}>
      {!isStandalone(searchParams.get('standalone')) && (
        <LazyLoad fallback={navPlaceholder} compact>
          <NavBar />
        </LazyLoad>
      )}
      <Layout.Content>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
