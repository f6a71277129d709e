// The app root: store, antd theme, bootstrap, router and toasts.
import { lazy, Suspense, useMemo } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { setUnauthorizedHandler } from './api/client';
import LazyLoad from './components/LazyLoad';
import PageSpinner from './components/PageSpinner';
import ToastPresenter from './components/toasts/ToastPresenter';
import { listenForHandshake } from './embedded/handshake';
import LocaleConfigProvider from './i18n/LocaleConfigProvider';
import { createAppRouter } from './router';
import BootstrapGate from './session/BootstrapGate';
import { userLoggedOut } from './session/state/session';
import { createAppStore } from './store/store';
import { theme } from './theme';

const EmbeddedApp = lazy(() => import('./embedded/EmbeddedApp'));
const EMBEDDED = window.location.pathname.startsWith('/embedded/');
if (EMBEDDED) listenForHandshake();

export default function App() {
  // The embedded page has no session: the host page's guest token is its only credential.
  if (EMBEDDED) {
    return (
      <LazyLoad fallback={<PageSpinner />}>
        <EmbeddedApp />
      </LazyLoad>
    );
  }
  return <SignedInApp />;
}

function SignedInApp() {
  const store = useMemo(() => {
    const created = createAppStore();
    // The signed-in shell sees the user gone and sends the browser to /login/?next=<here>.
    setUnauthorizedHandler(() => created.dispatch(userLoggedOut()));
    return created;
  }, []);
  const router = useMemo(() => createAppRouter(), []);

  return (
    <Provider store={store}>
      <LocaleConfigProvider theme={theme}>
        <BootstrapGate>
          <Suspense fallback={<PageSpinner />}>
            <RouterProvider router={router} />
          </Suspense>
        </BootstrapGate>
        <ToastPresenter />
      </LocaleConfigProvider>
    </Provider>
  );
}
