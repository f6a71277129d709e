// The Home page's Dashboards or Charts section: Favorite, Mine and All tabs of cards with stars, and View All.
import { Button } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { addDangerToast } from '../components/toasts/state/message-toasts';
import { i18nKey } from '../i18n/i18n';
import { useAppDispatch } from '../store/hooks';
import HomeCard from './HomeCard';
import HomeCardGrid from './HomeCardGrid';
import {
  fetchCharts,
  fetchDashboards,
  fetchFavoriteIds,
  type ObjectPage,
  type ObjectTab,
  setFavorite,
} from './home-api';
import SectionTabs from './SectionTabs';
import { useRememberedTab } from './tab-memory';
import { useHomeLoad } from './use-home-load';

const TAB_KEYS: readonly ObjectTab[] = [i18nKey('Favorite'), i18nKey('Mine'), i18nKey('All')];
const EMPTY: ObjectPage & { starred: Set<number> } = { items: [], count: 0, starred: new Set() };

interface ObjectSectionProps {
  kind: 'dashboard' | 'chart';
  userId: number;
}

export default function ObjectSection({ kind, userId }: ObjectSectionProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [tab, setTab] = useRememberedTab<ObjectTab>(`homepage_${kind}_filter`, TAB_KEYS, 'Favorite');
  const listPath = kind === 'dashboard' ? '/dashboard/list/' : '/chart/list/';
  const load = useCallback(async () => {
    const page = await (kind === 'dashboard' ? fetchDashboards : fetchCharts)(tab, userId);
    const starred =
      tab === 'Favorite'
        ? new Set(page.items.map((item) => item.id))
        : await fetchFavoriteIds(
            kind,
            page.items.map((item) => item.id),
          );
    return { ...page, starred };
  }, [kind, tab, userId]);
  const { data, loading, reload } = useHomeLoad(load, EMPTY, (message) =>
    kind === 'dashboard'
      ? t('There was an issue fetching your dashboards: {{message}}', { message })
      : t('There was an issue fetching your chart: {{message}}', { message }),
  );
  // Stars toggled here show at once; the server's answer is the truth on the next load.
  const [starred, setStarred] = useState<Set<number>>(new Set());
  useEffect(() => setStarred(new Set(data.starred)), [data.starred]);

  const toggle = async (id: number) => {
    const next = !starred.has(id);
    setStarred((current) => {
      const copy = new Set(current);
      if (next) copy.add(id);
      else copy.delete(id);
      return copy;
    });
    try {
      await setFavorite(kind, id, next);
      if (tab === 'Favorite') reload();
    } catch {
      dispatch(
        addDangerToast(
          kind === 'dashboard'
            ? t('There was an issue favoriting this dashboard.')
            : t('An error occurred while starring this chart'),
        ),
      );
      reload();
    }
  };

  const tabs = TAB_KEYS.map((key) => ({ key, label: t(key) }));
  const favoriteEmpty = kind === 'dashboard' ? t('See all dashboards') : t('See all charts');
  const createLabel = kind === 'dashboard' ? t('Dashboard') : t('Chart');
  return (
    <div data-test={`home-${kind}s`}>
      <SectionTabs
        name={`${kind}s`}
        tabs={tabs}
        active={tab}
        onChange={setTab}
        actions={
          <Link to={listPath} data-test={`${kind}s-view-all`}>
            <Button type="link">{t('View All »')}</Button>
          </Link>
        }
      />
      <HomeCardGrid
        loading={loading}
        count={data.items.length}
        emptyAction={{ to: listPath, label: tab === 'Favorite' ? favoriteEmpty : createLabel }}
      >
        {data.items.map((item) => (
          <HomeCard
            key={item.key}
            item={item}
            favorite={{ starred: starred.has(item.id), onToggle: () => void toggle(item.id) }}
          />
        ))}
      </HomeCardGrid>
    </div>
  );
}
