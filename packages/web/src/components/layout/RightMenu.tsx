// Right side of the navigation: the Settings menu (Manage: CSS templates, annotation layers, alerts & reports, tags;
// Security for admins) and the user menu with Info and Logout.
import { DownOutlined, IdcardOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { logout } from '../../api/session-api';
import LanguageMenu from '../../i18n/LanguageMenu';
import { flushEvents, setLoggingEnabled } from '../../logger/event-logger';
import { useCan, useCurrentUser, useIsAdmin } from '../../session/use-session';
import NavDropdown from './NavDropdown';

export default function RightMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const admin = useIsAdmin();
  const canAnnotate = useCan('can_read', 'Annotation');
  const canCss = useCan('can_read', 'CssTemplate');
  const canReport = useCan('can_read', 'ReportSchedule');
  const canTag = useCan('can_read', 'Tag');
  // Superset's Settings menu: Manage for whoever reads these objects, Security for admins.
  const manage = [
    ...(canCss ? [{ key: '/csstemplatemodelview/list/', label: t('CSS Templates') }] : []),
    ...(canAnnotate ? [{ key: '/annotationlayer/list/', label: t('Annotation Layers') }] : []),
    ...(canReport ? [{ key: '/alert/list/', label: t('Alerts & reports') }] : []),
    ...(canTag ? [{ key: '/superset/tags/', label: t('Tags') }] : []),
  ];
  const security = admin
    ? [
        { key: '/users/list/', label: t('List Users') },
        { key: '/roles/list/', label: t('List Roles') },
        { key: '/rowlevelsecurity/list/', label: t('Row Level Security') },
      ]
    : [];

  const onLogout = async () => {
    // Queued events must leave while the session can still sign them.
    flushEvents();
    setLoggingEnabled(false);
    try {
      await logout();
    } finally {
      // A full load drops every piece of the old session's state.
      window.location.assign('/login/');
    }
  };

  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
      <LanguageMenu signedIn={user !== null} />
      {manage.length + security.length > 0 && (
        <NavDropdown
          menu={{
            items: [
              ...(manage.length > 0
                ? [{ key: 'manage', type: 'group' as const, label: t('Manage'), children: manage }]
                : []),
              ...(security.length > 0
                ? [{ key: 'security', type: 'group' as const, label: t('Security'), children: security }]
                : []),
            ],
            onClick: ({ key }) => navigate(key),
          }}
        >
          <Button type="text" icon={<SettingOutlined />} data-test="settings-menu">
            {t('Settings')} <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </NavDropdown>
      )}
      {user && (
        <NavDropdown
          menu={{
            items: [
              {
                key: 'name',
                type: 'group',
                label: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
              },
              { key: 'info', icon: <IdcardOutlined />, label: t('Info') },
              { key: 'logout', icon: <LogoutOutlined />, label: t('Logout'), danger: false },
            ],
            onClick: ({ key }) => {
              if (key === 'info') navigate('/users/userinfo/');
              if (key === 'logout') void onLogout();
            },
          }}
        >
          <Button type="text" icon={<UserOutlined />} data-test="user-menu">
            {user.username} <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </NavDropdown>
      )}
    </div>
  );
}
