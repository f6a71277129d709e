// The cards of a Home section: a grid while loaded, placeholders while loading, Superset's empty state when none.
import { Button, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

const GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  gap: 16,
} as const;

interface HomeCardGridProps {
  loading: boolean;
  count: number;
  /** Where the empty state's button leads, and its words; none for Recents. */
  emptyAction?: { to: string; label: string };
  children: ReactNode;
}

export default function HomeCardGrid({ loading, count, emptyAction, children }: HomeCardGridProps) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <div style={GRID} data-test="home-loading">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} style={{ background: '#fff', border: '1px solid #e0e0e0', borderRadius: 4, padding: 16 }}>
            <Skeleton active avatar paragraph={{ rows: 1 }} title={false} />
          </div>
        ))}
      </div>
    );
  }
  if (count === 0) {
    return (
      <div data-test="home-empty" style={{ minHeight: 180, display: 'flex', justifyContent: 'center' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('Nothing here yet')}>
          {emptyAction && (
            <Link to={emptyAction.to}>
              <Button>{emptyAction.label}</Button>
            </Link>
          )}
        </Empty>
      </div>
    );
  }
  return (
    <div style={GRID} data-test="home-cards">
      {children}
    </div>
  );
}
