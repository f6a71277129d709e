// The dataset's measures, saved columns and cohorts in the datasource panel, each a link that opens it in explore
// for editing.
import { EditOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../store/hooks';
import { semanticEntityExploreUrl } from '../state/explore-url';

type Entry = { key: string; kind: 'measure' | 'cohort' | 'column'; id: number; name: string; group: string };

export function useSemanticEntries(search: string): Entry[] {
  const { savedMeasures, savedColumns, cohorts } = useAppSelector((state) => state.explore);
  const entries: Entry[] = [
    ...savedMeasures.map((m) => ({
      key: `m${m.id}`,
      kind: 'measure' as const,
      id: m.id,
      name: m.measure_name,
      group: 'Measures',
    })),
    ...savedColumns.map((c) => ({
      key: `c${c.id}`,
      kind: 'column' as const,
      id: c.id,
      name: c.column_name,
      group: 'Columns',
    })),
    ...cohorts.map((c) => ({
      key: `h${c.id}`,
      kind: 'cohort' as const,
      id: c.id,
      name: c.cohort_name,
      group: 'Cohorts',
    })),
  ];
  const needle = search.toLowerCase();
  return entries.filter((entry) => !needle || entry.name.toLowerCase().includes(needle));
}

export default function SemanticLayerList({ entries }: { entries: Entry[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) return <Typography.Text type="secondary">{t('Nothing saved yet')}</Typography.Text>;
  return (
    <div data-test="semantic-layer-list">
      {entries.map((entry) => (
        <Link
          key={entry.key}
          to={semanticEntityExploreUrl(entry.kind, entry.id)}
          style={{ display: 'flex', alignItems: 'center', gap: 6, padding: '3px 4px' }}
          title={t('Edit')}
          data-test={`semantic-entry-${entry.kind}`}
        >
          <Typography.Text type="secondary" style={{ width: 60, fontSize: 11 }}>
            {t(entry.group)}
          </Typography.Text>
          <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {entry.name}
          </span>
          <EditOutlined />
        </Link>
      ))}
    </div>
  );
}
