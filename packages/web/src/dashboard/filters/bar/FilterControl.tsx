// One native filter in the bar: its name (required mark, description), the control of its type, and the error
// of a required filter left empty.
import { InfoCircleOutlined } from '@ant-design/icons';
import type { DataMaskWithId, ExtraFormData, NativeFilter } from '@nezha/core';
import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import RangeFilter from './RangeFilter';
import SelectFilter from './SelectFilter';
import TimeColumnFilter from './TimeColumnFilter';
import TimeFilter from './TimeFilter';

interface Props {
  filter: NativeFilter;
  dashboardId: number;
  mask: DataMaskWithId | undefined;
  dependencies: ExtraFormData;
  horizontal: boolean;
  missingRequired: boolean;
  onChange: (value: unknown) => void;
  onDefaultFirst: (value: unknown) => void;
}

export function isRequired(filter: NativeFilter): boolean {
  return filter.controlValues.enableEmptyFilter === true || filter.requiredFirst === true;
}

export default function FilterControl(props: Props) {
  const { filter, dashboardId, mask, dependencies, horizontal, missingRequired, onChange, onDefaultFirst } = props;
  const { t } = useTranslation();
  const value = mask?.filterState?.value;
  const control = (() => {
    switch (filter.filterType) {
      case 'filter_select':
        return (
          <SelectFilter
            filter={filter}
            dashboardId={dashboardId}
            value={value}
            dependencies={dependencies}
            onChange={onChange}
            onDefaultFirst={onDefaultFirst}
            {...(horizontal ? { width: 200 } : {})}
          />
        );
      case 'filter_range':
        return (
          <RangeFilter
            filter={filter}
            dashboardId={dashboardId}
            value={value}
            dependencies={dependencies}
            onChange={onChange}
          />
        );
      case 'filter_time':
        return <TimeFilter value={value} onChange={onChange} />;
      case 'filter_timecolumn':
      case 'filter_timegrain': {
        const datasetId = filter.targets[0]?.datasetId;
        return (
          <TimeColumnFilter
            kind={filter.filterType}
            value={value}
            onChange={onChange}
            {...(datasetId ? { datasetId } : {})}
          />
        );
      }
      default:
        return <Typography.Text type="secondary">{t('Unknown filter type')}</Typography.Text>;
    }
  })();
  return (
    <div
      data-test="native-filter"
      data-filter-name={filter.name}
      style={horizontal ? { display: 'flex', alignItems: 'center', gap: 8, minWidth: 200 } : { marginBottom: 16 }}
    >
      <div
        data-test="native-filter-name"
        style={{ fontWeight: 600, marginBottom: horizontal ? 0 : 4, whiteSpace: 'nowrap' }}
      >
        {filter.name}
        {isRequired(filter) && <span style={{ color: '#e04355' }}> *</span>}
        {filter.description && (
          <Tooltip title={filter.description}>
            <InfoCircleOutlined style={{ marginLeft: 6, color: '#888' }} />
          </Tooltip>
        )}
      </div>
      <div style={{ flex: horizontal ? '0 0 auto' : undefined, minWidth: horizontal ? 200 : undefined }}>{control}</div>
      {missingRequired && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {t('Value is required')}
        </Typography.Text>
      )}
    </div>
  );
}
