// The embedded page's root (/embedded/{uuid}): waits for the host page's port and guest token (the embedding SDK's
// handshake), then shows the dashboard as the guest. Later tokens replace the first one without a reload.
import { ConfigProvider, Result } from 'antd';
import { type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { setGuestToken } from '../api/guest-token';
import PageSpinner from '../components/PageSpinner';
import ToastPresenter from '../components/toasts/ToastPresenter';
import { createPermalink } from '../dashboard/state/thunks/header-actions';
import { t } from '../i18n/i18n';
import { setLoggingEnabled } from '../logger/event-logger';
import { createAppRouter } from '../router';
import { bootstrapLoaded } from '../session/state/session';
import { type AppStore, createAppStore } from '../store/store';
import { theme } from '../theme';
import { onHandshake } from './handshake';
import { PortSwitchboard } from './switchboard';

/** What the host may ask the page (Superset's embedded API). */
function defineMethods(switchboard: PortSwitchboard, store: AppStore): void {
  switchboard.defineMethod('getScrollSize', () => ({
    width: document.body.scrollWidth,
    height: document.body.scrollHeight,
  }));
  switchboard.defineMethod('getActiveTabs', () => store.getState().dashboardState.activeTabs);
  switchboard.defineMethod('getDataMask', () => store.getState().dataMask);
  // Superset's embedded API: the SDK sends {anchor} and gets the permalink's absolute URL (the guest may make one
  // only for the dashboard its token names; the server holds it to that).
  // The host's resolvePermalinkUrl({key}) may give the link of its own page instead (newer SDKs), as Superset asks it.
  switchboard.defineMethod('getDashboardPermalink', async (args) => {
    const anchor = (args as { anchor?: unknown } | null)?.anchor;
    const url = await store.dispatch(createPermalink(typeof anchor === 'string' && anchor !== '' ? anchor : undefined));
    const key = /\/dashboard\/p\/([^/]+)\/?$/.exec(new URL(url).pathname)?.[1];
    const resolved = key ? await switchboard.get('resolvePermalinkUrl', { key }) : undefined;
    return typeof resolved === 'string' && resolved !== '' ? resolved : url;
  });
  // Nezha's theme is fixed; the call is accepted so hosts that send one keep working.
  switchboard.defineMethod('setThemeConfig', () => undefined);
}

function guestBootstrap(store: AppStore): void {
  store.dispatch(
    bootstrapLoaded({
      user: null,
      common: { feature_flags: {}, conf: {}, locale: 'en', languages: ['en'] },
    }),
  );
}

function Frame({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}

export default function EmbeddedApp() {
  const store = useMemo(() => createAppStore(), []);
  const router = useMemo(() => createAppRouter(), []);
  const [ready, setReady] = useState(false);
  const framed = window.parent !== window;

  useEffect(() => {
    guestBootstrap(store);
    return onHandshake((port) => {
      const switchboard = new PortSwitchboard(port);
      switchboard.defineMethod('guestToken', (args) => {
        const token = (args as { guestToken?: unknown } | null)?.guestToken;
        if (typeof token !== 'string' || token === '') return;
        setGuestToken(token);
        setLoggingEnabled(true);
        setReady(true);
      });
      defineMethods(switchboard, store);
      switchboard.start();
    });
  }, [store]);

  if (!framed) {
    return (
      <Frame>
        <Result
          status="403"
          title={t('This dashboard is embedded')}
          subTitle={t('It opens inside the application embedding it.')}
        />
      </Frame>
    );
  }
  return (
    <Provider store={store}>
      <Frame>
        {ready ? (
          <Suspense fallback={<PageSpinner />}>
            <RouterProvider router={router} />
          </Suspense>
        ) : (
          <PageSpinner />
        )}
        <ToastPresenter />
      </Frame>
    </Provider>
  );
}
