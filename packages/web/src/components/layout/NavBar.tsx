// The top navigation bar: product name, the main areas, Settings (admins) and the user menu.
import { Layout, Menu } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { HOME_PATH } from '../../session/safe-next';
import { useCan } from '../../session/use-session';
import RightMenu from './RightMenu';

const NAV_HEIGHT = 56;

export default function NavBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const canReadDatabases = useCan('can_read', 'Database');
  const canReadSavedQueries = useCan('can_read', 'SavedQuery');
  const canReadQueries = useCan('can_read', 'Query');

  const items = useMemo(() => {
    // Superset's SQL menu: SQL Lab, Saved queries and Query history, each for those allowed.
    const sqlLinks = [{ key: '/sqllab/', label: t('SQL Lab'), test: 'nav-sqllab' }];
    if (canReadSavedQueries) {
      sqlLinks.push({ key: '/savedqueryview/list/', label: t('Saved queries'), test: 'nav-savedqueryview' });
    }
    if (canReadQueries)
      sqlLinks.push({ key: '/sqllab/history/', label: t('Query history'), test: 'nav-query-history' });
    const sqlMenu = {
      key: 'sql',
      label: <span data-test="nav-sql">{t('SQL')}</span>,
      children: sqlLinks.map((link) => ({
        key: link.key,
        label: (
          <Link to={link.key} data-test={link.test}>
            {link.label}
          </Link>
        ),
      })),
    };
    const links = [
      { key: '/chart/list/', label: t('Charts') },
      { key: '/dashboard/list/', label: t('Dashboards') },
      { key: '/tablemodelview/list/', label: t('Datasets') },
    ];
    if (canReadDatabases) links.push({ key: '/databaseview/list/', label: t('Databases') });
    return [
      sqlMenu,
      ...links.map((link) => ({
        key: link.key,
        label: (
          <Link to={link.key} data-test={`nav-${link.key.split('/')[1]}`}>
            {link.label}
          </Link>
        ),
      })),
    ];
  }, [t, canReadDatabases, canReadSavedQueries, canReadQueries]);

  const inSql = pathname.startsWith('/sqllab/') || pathname.startsWith('/savedqueryview/');
  const sqlPage = pathname.startsWith('/sqllab/history/')
    ? '/sqllab/history/'
    : pathname.startsWith('/savedqueryview/')
      ? '/savedqueryview/list/'
      : '/sqllab/';
  const selected = [
    ...(inSql ? ['sql', sqlPage] : []),
    ...items
      .filter((item) => item.key !== 'sql' && pathname.startsWith(item.key.replace(/list\/$/, '')))
      .map((item) => item.key),
  ];

  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 24,
        height: NAV_HEIGHT,
        lineHeight: `${NAV_HEIGHT}px`,
        padding: '0 24px',
        background: '#fff',
        borderBottom: '1px solid #e0e0e0',
        position: 'sticky',
        top: 0,
        zIndex: 100,
      }}
    >
      <Link
        to={HOME_PATH}
        aria-label={t('Nezha home')}
        data-test="nav-home"
        style={{ display: 'flex', alignItems: 'center', gap: 8, color: '#1f2933', textDecoration: 'none' }}
      >
        <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={26} height={26} />
        <span style={{ fontWeight: 700, fontSize: 18, letterSpacing: 0.2 }}>Nezha</span>
      </Link>
      <Menu
        mode="horizontal"
        items={items}
        selectedKeys={selected}
        style={{ flex: 1, minWidth: 0, borderBottom: 'none', lineHeight: `${NAV_HEIGHT - 2}px` }}
      />
      <RightMenu />
    </Layout.Header>
  );
}
