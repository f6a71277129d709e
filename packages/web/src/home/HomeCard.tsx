// One card of the Home page (Superset's ListViewCard without thumbnail): icon, linked title, when, and a star.
import { BarChartOutlined, ConsoleSqlOutlined, DashboardOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { HomeItem } from './home-api';

const ICONS = {
  dashboard: <DashboardOutlined />,
  chart: <BarChartOutlined />,
  saved_query: <ConsoleSqlOutlined />,
} as const;

interface HomeCardProps {
  item: HomeItem;
  /** Shown for dashboards and charts: whether the caller starred it and how to toggle. */
  favorite?: { starred: boolean; onToggle: () => void };
}

export default function HomeCard({ item, favorite }: HomeCardProps) {
  const { t } = useTranslation();
  return (
    <div
      data-test="home-card"
      data-kind={item.kind}
      style={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 12,
        padding: '14px 16px',
        background: '#fff',
        border: '1px solid #e0e0e0',
        borderRadius: 4,
        minWidth: 0,
      }}
    >
      <span
        aria-hidden
        style={{
          fontSize: 18,
          lineHeight: '32px',
          width: 32,
          height: 32,
          textAlign: 'center',
          flex: 'none',
          borderRadius: 4,
          background: '#e8f6fa',
          color: '#1a85a0',
        }}
      >
        {ICONS[item.kind]}
      </span>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Link
          to={item.url}
          data-test="home-card-title"
          title={item.title}
          style={{
            display: 'block',
            fontWeight: 600,
            color: '#1f2933',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {item.title}
        </Link>
        <div style={{ color: 'rgba(0, 0, 0, 0.5)', fontSize: 12, marginTop: 2 }}>{item.description}</div>
      </div>
      {favorite && (
        <Tooltip title={favorite.starred ? t('Remove from favorites') : t('Add to favorites')}>
          <button
            type="button"
            data-test="home-card-star"
            aria-pressed={favorite.starred}
            aria-label={favorite.starred ? t('Remove from favorites') : t('Add to favorites')}
            onClick={favorite.onToggle}
            style={{
              border: 'none',
              background: 'none',
              cursor: 'pointer',
              padding: 4,
              fontSize: 16,
              color: favorite.starred ? '#fbc700' : 'rgba(0, 0, 0, 0.35)',
            }}
          >
            {favorite.starred ? <StarFilled /> : <StarOutlined />}
          </button>
        </Tooltip>
      )}
    </div>
  );
}
