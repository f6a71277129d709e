// The form of one native filter in the configuration dialog: type, name, dataset and column, cascade parents,
// settings, sort metric, default value, description and scope.
import {
  defaultFilterScope,
  defaultScopeForColumn,
  type FilterDivider,
  isNativeFilter,
  type NativeFilter,
  type NativeFilterConfigItem,
} from '@nezha/core';
import { Checkbox, Form, Input, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../../i18n/i18n';
import { useAppSelector } from '../../../store/hooks';
import { needsColumn } from '../../state/filter-config-draft';
import DefaultValueField from './DefaultValueField';
import ScopeTree from './ScopeTree';
import { useChartColumns, useChartsInScopeNames } from './use-chart-columns';
import { useDatasetOptions, useDatasource } from './use-dataset-columns';

export const FILTER_TYPES: Array<[string, string]> = [
  ['filter_select', i18nKey('Value')],
  ['filter_range', i18nKey('Numerical range')],
  ['filter_time', i18nKey('Time range')],
  ['filter_timecolumn', i18nKey('Time column')],
  ['filter_timegrain', i18nKey('Time grain')],
];

interface Props {
  item: NativeFilterConfigItem;
  items: readonly NativeFilterConfigItem[];
  error: string | undefined;
  onChange: (patch: Partial<NativeFilter> | Partial<FilterDivider>) => void;
}

export default function FilterConfigForm({ item, items, error, onChange }: Props) {
  const { t } = useTranslation();
  const datasets = useDatasetOptions();
  const datasetId = isNativeFilter(item) ? item.targets[0]?.datasetId : undefined;
  const datasource = useDatasource(datasetId);
  const layout = useAppSelector((state) => state.dashboardLayout.present);
  const chartColumns = useChartColumns();
  const affected = useChartsInScopeNames(isNativeFilter(item) ? item.scope : defaultFilterScope());

  if (!isNativeFilter(item)) {
    return (
      <Form layout="vertical" data-test="divider-config-form">
        <Form.Item
          label={t('Title')}
          required
          validateStatus={error ? 'error' : undefined}
          help={error ? t(error) : undefined}
        >
          <Input
            value={item.title}
            onChange={(event) => onChange({ title: event.target.value })}
            data-test="divider-title"
          />
        </Form.Item>
        <Form.Item label={t('Description')}>
          <Input.TextArea
            value={item.description}
            onChange={(event) => onChange({ description: event.target.value })}
          />
        </Form.Item>
      </Form>
    );
  }

  const filter = item;
  const controls = filter.controlValues;
  const setControl = (key: string, value: boolean) => onChange({ controlValues: { ...controls, [key]: value } });
  const column = filter.targets[0]?.column?.name;
  const columns = (datasource?.columns ?? []).filter((candidate) =>
    filter.filterType === 'filter_range'
      ? candidate.type_generic === 0 || /INT|FLOAT|DOUBLE|DECIMAL|NUMERIC|REAL/i.test(candidate.type ?? '')
      : true,
  );
  const parents = items.filter(
    (candidate): candidate is NativeFilter =>
      isNativeFilter(candidate) && candidate.id !== filter.id && candidate.filterType === 'filter_select',
  );
  const allPanels =
    filter.scope.excluded.length === 0 && filter.scope.rootPath.length === 1 && filter.scope.rootPath[0] === 'ROOT_ID';

  return (
    <Form layout="vertical" data-test="filter-config-form">
      <div style={{ display: 'flex', gap: 16 }}>
        <Form.Item label={t('Filter type')} style={{ flex: 1 }}>
          <Select
            value={filter.filterType}
            options={FILTER_TYPES.map(([value, label]) => ({ value, label: t(label) }))}
            onChange={(filterType: string) =>
              onChange({ filterType, defaultDataMask: { extraFormData: {}, filterState: {} } })
            }
            data-test="filter-type"
          />
        </Form.Item>
        <Form.Item
          label={t('Filter name')}
          required
          style={{ flex: 1 }}
          validateStatus={error && !filter.name.trim() ? 'error' : undefined}
          help={error && !filter.name.trim() ? t(error) : undefined}
        >
          <Input
            value={filter.name}
            onChange={(event) => onChange({ name: event.target.value })}
            data-test="filter-name"
          />
        </Form.Item>
      </div>
      {(needsColumn(filter.filterType) || filter.filterType === 'filter_timecolumn') && (
        <div style={{ display: 'flex', gap: 16 }}>
          <Form.Item label={t('Dataset')} required={needsColumn(filter.filterType)} style={{ flex: 1 }}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              value={datasetId}
              options={datasets}
              placeholder={t('Choose a dataset')}
              onChange={(value: number) => onChange({ targets: [{ datasetId: value }] })}
              data-test="filter-dataset"
            />
          </Form.Item>
          {needsColumn(filter.filterType) && (
            <Form.Item
              label={t('Column')}
              required
              style={{ flex: 1 }}
              validateStatus={error && filter.name.trim() ? 'error' : undefined}
              help={error && filter.name.trim() ? t(error) : undefined}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                value={column}
                disabled={!datasetId}
                options={columns.map((candidate) => ({
                  value: candidate.column_name,
                  label: candidate.verbose_name || candidate.column_name,
                }))}
                onChange={(name: string) =>
                  // Superset's default: the filter reaches the charts whose datasets have the column.
                  onChange({
                    targets: [{ ...(datasetId ? { datasetId } : {}), column: { name } }],
                    scope: defaultScopeForColumn(layout, chartColumns, name),
                  })
                }
                data-test="filter-column"
              />
            </Form.Item>
          )}
        </div>
      )}
      {filter.filterType === 'filter_select' && (
        <>
          <Form.Item
            label={t('Parent filters')}
            extra={t('The options of this filter follow the values of its parents.')}
          >
            <Select
              mode="multiple"
              allowClear
              value={filter.cascadeParentIds}
              options={parents.map((parent) => ({ value: parent.id, label: parent.name || parent.id }))}
              onChange={(ids: string[]) => onChange({ cascadeParentIds: ids })}
              data-test="filter-parents"
            />
          </Form.Item>
          <Form.Item label={t('Sort metric')} extra={t('Options are sorted by this metric, largest first.')}>
            <Select
              allowClear
              value={filter.sortMetric ?? undefined}
              disabled={!datasource}
              options={(datasource?.metrics ?? []).map((metric) => ({
                value: metric.metric_name,
                label: metric.verbose_name || metric.metric_name,
              }))}
              onChange={(sortMetric: string | undefined) => onChange({ sortMetric: sortMetric ?? null })}
            />
          </Form.Item>
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4, marginBottom: 16 }}>
            <Checkbox
              checked={controls.multiSelect !== false}
              onChange={(event) => setControl('multiSelect', event.target.checked)}
            >
              {t('Can select multiple values')}
            </Checkbox>
            <Checkbox
              checked={controls.enableEmptyFilter === true}
              onChange={(event) => setControl('enableEmptyFilter', event.target.checked)}
              data-test="filter-required"
            >
              {t('Filter value is required')}
            </Checkbox>
            <Checkbox
              checked={controls.defaultToFirstItem === true}
              onChange={(event) =>
                onChange({
                  controlValues: { ...controls, defaultToFirstItem: event.target.checked },
                  requiredFirst: event.target.checked,
                })
              }
            >
              {t('Select first filter value by default')}
            </Checkbox>
            <Checkbox
              checked={controls.inverseSelection === true}
              onChange={(event) => setControl('inverseSelection', event.target.checked)}
            >
              {t('Inverse selection')}
            </Checkbox>
            <Checkbox
              checked={controls.searchAllOptions === true}
              onChange={(event) => setControl('searchAllOptions', event.target.checked)}
            >
              {t('Dynamically search all filter values')}
            </Checkbox>
            <Checkbox
              checked={controls.sortAscending !== false}
              onChange={(event) => setControl('sortAscending', event.target.checked)}
            >
              {t('Sort ascending')}
            </Checkbox>
          </div>
        </>
      )}
      {filter.filterType !== 'filter_select' && (
        <Checkbox
          checked={controls.enableEmptyFilter === true}
          onChange={(event) => setControl('enableEmptyFilter', event.target.checked)}
          style={{ marginBottom: 16 }}
        >
          {t('Filter value is required')}
        </Checkbox>
      )}
      <Form.Item label={t('Default value')}>
        <DefaultValueField filter={filter} onChange={(defaultDataMask) => onChange({ defaultDataMask })} />
      </Form.Item>
      <Form.Item label={t('Description')}>
        <Input.TextArea
          rows={2}
          value={filter.description}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('Scoping')}>
        <Radio.Group
          value={allPanels ? 'all' : 'specific'}
          onChange={(event) => {
            if (event.target.value === 'all') onChange({ scope: defaultFilterScope() });
            else onChange({ scope: { ...filter.scope } });
          }}
          style={{ marginBottom: 8 }}
        >
          <Radio value="all">{t('Apply to all panels')}</Radio>
          <Radio value="specific">{t('Apply to specific panels')}</Radio>
        </Radio.Group>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4, fontSize: 12 }}>
          {t('Only the checked charts are filtered.')}
        </Typography.Paragraph>
        <ScopeTree scope={filter.scope} onChange={(scope) => onChange({ scope })} />
        <Typography.Paragraph
          type="secondary"
          style={{ marginTop: 8, fontSize: 12 }}
          data-test="filter-affected-charts"
        >
          {affected.length === 0
            ? t('No chart is affected.')
            : t('Affects {{count}} charts: {{names}}', { count: affected.length, names: affected.join(', ') })}
        </Typography.Paragraph>
      </Form.Item>
    </Form>
  );
}
