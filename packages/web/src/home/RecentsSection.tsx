// The Home page's Recents: what the user viewed (the event log), edited and created, newest first.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../i18n/i18n';
import { flushEventsNow } from '../logger/event-logger';
import HomeCard from './HomeCard';
import HomeCardGrid from './HomeCardGrid';
import { fetchTouched, fetchViewed, type HomeItem, type RecentsTab } from './home-api';
import SectionTabs from './SectionTabs';
import { useRememberedTab } from './tab-memory';
import { useHomeLoad } from './use-home-load';

const TAB_KEYS: readonly RecentsTab[] = [i18nKey('Viewed'), i18nKey('Edited'), i18nKey('Created')];
const NONE: HomeItem[] = [];

export default function RecentsSection({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [tab, setTab] = useRememberedTab<RecentsTab>('homepage_activity_filter', TAB_KEYS, 'Viewed');
  const load = useCallback(async () => {
    if (tab === 'Viewed') {
      // Views logged on the page before (a dashboard, a chart) may still wait in the logger's queue.
      await flushEventsNow();
      return fetchViewed();
    }
    return fetchTouched(tab === 'Edited' ? 'changed_by' : 'created_by', userId);
  }, [tab, userId]);
  const { data, loading } = useHomeLoad(load, NONE, (message) =>
    t('There was an issue fetching your recent activity: {{message}}', { message }),
  );
  return (
    <div data-test="home-recents">
      <SectionTabs
        name="recents"
        tabs={TAB_KEYS.map((key) => ({ key, label: t(key) }))}
        active={tab}
        onChange={setTab}
      />
      <HomeCardGrid loading={loading} count={data.length}>
        {data.map((item) => (
          <HomeCard key={item.key} item={item} />
        ))}
      </HomeCardGrid>
    </div>
  );
}
