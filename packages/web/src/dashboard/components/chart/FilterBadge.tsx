// The badge of a filtered chart: how many native filters and cross-filters act on it, listed in its tooltip, and
// the filters its query could not apply (the server's rejected_filters), each with the reason.
import { FilterFilled, WarningOutlined } from '@ant-design/icons';
import { filterStatusLabel, isNativeFilter, rejectedFiltersOf, rejectionReasonText } from '@nezha/core';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../store/hooks';
import { filtersOnChart } from '../../state/selectors';

export default function FilterBadge({ chartId }: { chartId: number }) {
  const { t } = useTranslation();
  const ids = useAppSelector((state) => filtersOnChart(state, chartId).join('|'));
  const names = useAppSelector((state) => {
    const labels: string[] = [];
    for (const id of ids ? ids.split('|') : []) {
      const filter = state.nativeFilters.filters.find((item) => item.id === id);
      if (isNativeFilter(filter)) labels.push(filter.name);
      else if (/^\d+$/.test(id))
        labels.push(`${t('Cross-filter')}: ${state.sliceEntities.slices[Number(id)]?.slice_name ?? id}`);
    }
    return labels.join('|');
  });
  const rejected = useAppSelector((state) =>
    JSON.stringify(rejectedFiltersOf(state.charts[chartId]?.queriesResponse ?? null)),
  );
  const notApplied = JSON.parse(rejected) as Array<{ column: string; reason: string }>;
  if (!ids && notApplied.length === 0) return null;
  const list = ids ? names.split('|') : [];
  const notAppliedBadge =
    notApplied.length > 0 ? (
      <Tooltip
        title={
          <div>
            <div style={{ fontWeight: 600 }}>{t('Not applied ({{count}})', { count: notApplied.length })}</div>
            {notApplied.map((filter) => (
              <div key={`${filter.column}:${filter.reason}`}>
                {t(filterStatusLabel(filter.column))}: {t(rejectionReasonText(filter.reason))}
              </div>
            ))}
          </div>
        }
      >
        <span
          data-test="chart-filters-not-applied"
          data-rejected={notApplied.map((filter) => `${filter.column}:${filter.reason}`).join(' ')}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 3, color: '#8c8c8c', fontSize: 12 }}
        >
          <WarningOutlined style={{ fontSize: 13 }} />
          {t('{{count}} not applied', { count: notApplied.length })}
        </span>
      </Tooltip>
    ) : null;
  if (list.length === 0) return notAppliedBadge;
  const badge = (
    <Tooltip
      title={
        <div>
          <div style={{ fontWeight: 600 }}>{t('Applied filters ({{count}})', { count: list.length })}</div>
          {list.map((name) => (
            <div key={name}>{name}</div>
          ))}
        </div>
      }
    >
      <span
        data-test="chart-filter-badge"
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 3,
          color: '#1FA8C9',
          fontSize: 12,
          fontWeight: 600,
        }}
      >
        <FilterFilled style={{ fontSize: 13 }} />
        {list.length}
      </span>
    </Tooltip>
  );
  return (
    <>
      {badge}
      {notAppliedBadge}
    </>
  );
}
