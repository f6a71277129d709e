// The Home page's Saved queries: the user's own, newest first, opening in SQL Lab.
import { Button } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { i18nKey } from '../i18n/i18n';
import HomeCard from './HomeCard';
import HomeCardGrid from './HomeCardGrid';
import { fetchSavedQueries, type ObjectPage } from './home-api';
import SectionTabs from './SectionTabs';
import { useHomeLoad } from './use-home-load';

const EMPTY: ObjectPage = { items: [], count: 0 };
const TABS = [{ key: 'Mine', label: i18nKey('Mine') }] as const;

export default function SavedQueriesSection({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const load = useCallback(() => fetchSavedQueries(userId), [userId]);
  const { data, loading } = useHomeLoad(load, EMPTY, (message) =>
    t('There was an issue fetching your saved queries: {{message}}', { message }),
  );
  return (
    <div data-test="home-saved-queries">
      <SectionTabs
        name="saved-queries"
        tabs={TABS.map((tab) => ({ key: tab.key, label: t(tab.label) }))}
        active="Mine"
        onChange={() => {}}
        actions={
          <Link to="/savedqueryview/list/" data-test="saved-queries-view-all">
            <Button type="link">{t('View All »')}</Button>
          </Link>
        }
      />
      <HomeCardGrid
        loading={loading}
        count={data.items.length}
        emptyAction={{ to: '/sqllab/?new=true', label: t('SQL query') }}
      >
        {data.items.map((item) => (
          <HomeCard key={item.key} item={item} />
        ))}
      </HomeCardGrid>
    </div>
  );
}
