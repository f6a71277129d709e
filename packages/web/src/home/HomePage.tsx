// The Home page (Superset's Welcome, /superset/welcome/): Recents, Dashboards, Charts and Saved queries, each a
// collapsible section of cards; where a signed-in user lands.
import { Collapse, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan, useCurrentUser } from '../session/use-session';
import ObjectSection from './ObjectSection';
import RecentsSection from './RecentsSection';
import SavedQueriesSection from './SavedQueriesSection';

/** Which sections are open is kept per browser, as Superset keeps homepage_collapse_state. */
const COLLAPSE_KEY = 'homepage_collapse_state';
const ALL_OPEN = ['recents', 'dashboards', 'charts', 'saved-queries'];

function readOpen(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(COLLAPSE_KEY) ?? 'null');
    return Array.isArray(value) && value.every((key) => typeof key === 'string') ? value : ALL_OPEN;
  } catch {
    return ALL_OPEN;
  }
}

export default function HomePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canReadDashboards = useCan('can_read', 'Dashboard');
  const canReadCharts = useCan('can_read', 'Chart');
  const canReadSavedQueries = useCan('can_read', 'SavedQuery');
  const [open, setOpen] = useState<string[]>(readOpen);
  useEffect(() => {
    document.title = t('Home');
  }, [t]);
  if (!user) return null;
  const userId = user.userId;

  const onChange = (keys: string | string[]) => {
    const next = Array.isArray(keys) ? keys : [keys];
    setOpen(next);
    localStorage.setItem(COLLAPSE_KEY, JSON.stringify(next));
  };

  const label = (text: string) => <span style={{ fontSize: 16, fontWeight: 600 }}>{text}</span>;
  const items = [
    { key: 'recents', label: label(t('Recents')), children: <RecentsSection userId={userId} /> },
    ...(canReadDashboards
      ? [
          {
            key: 'dashboards',
            label: label(t('Dashboards')),
            children: <ObjectSection kind="dashboard" userId={userId} />,
          },
        ]
      : []),
    ...(canReadCharts
      ? [{ key: 'charts', label: label(t('Charts')), children: <ObjectSection kind="chart" userId={userId} /> }]
      : []),
    ...(canReadSavedQueries
      ? [{ key: 'saved-queries', label: label(t('Saved queries')), children: <SavedQueriesSection userId={userId} /> }]
      : []),
  ];

  return (
    <div data-test="home-page">
      <div style={{ background: '#fff', borderBottom: '1px solid #e0e0e0', padding: '12px 24px' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('Home')}
        </Typography.Title>
      </div>
      <div style={{ padding: '8px 12px 24px' }}>
        <Collapse ghost activeKey={open} onChange={onChange} items={items} destroyOnHidden={false} />
      </div>
    </div>
  );
}
