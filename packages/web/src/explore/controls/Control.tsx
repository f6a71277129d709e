// One control of the panel, drawn by its type: the simple widgets here, the popover-based ones in their own files.
import { AutoComplete, Checkbox, ColorPicker, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ControlConfig } from '../../charts/types';
import { useAppSelector } from '../../store/hooks';
import AdhocFilterControl from './AdhocFilterControl';
import AnnotationLayersControl from './AnnotationLayersControl';
import ColumnsControl from './ColumnsControl';
import ControlHeader from './ControlHeader';
import { choiceOptions, choiceValueOf, keyOf } from './choice-values';
import { timeRangeColumn, timeRangeFiltersNothing } from './control-validation';
import JsonControl from './JsonControl';
import MeasuresControl from './MeasuresControl';
import MetricsControl from './MetricsControl';
import TimeRangeControl from './TimeRangeControl';

export interface ControlProps {
  config: ControlConfig;
  value: unknown;
  errors: readonly string[];
  onChange: (value: unknown) => void;
}

type Rgba = { r: number; g: number; b: number; a: number };

const isRgba = (value: unknown): value is Rgba =>
  typeof value === 'object' && value !== null && 'r' in value && 'g' in value && 'b' in value;

function SelectWidget({ config, value, onChange, choices }: ControlProps & { choices: Array<[unknown, string]> }) {
  const { t } = useTranslation();
  const multi = config.multi === true;
  const options = choiceOptions(choices).map((option) => ({
    ...option,
    label: t(option.label),
    title: t(option.label),
  }));
  const known = new Set(options.map((option) => option.value));
  // A saved value that is not among today's choices is still shown, so that it can be seen and changed.
  for (const item of multi ? (Array.isArray(value) ? value : []) : [value]) {
    if (item !== null && item !== undefined && !known.has(keyOf(item)))
      options.push({ value: keyOf(item), label: String(item), title: String(item) });
  }
  return (
    <Select
      style={{ width: '100%' }}
      size="small"
      showSearch={{ optionFilterProp: 'label' }}
      mode={multi ? 'multiple' : undefined}
      allowClear={multi || value !== null}
      options={options}
      value={
        multi
          ? Array.isArray(value)
            ? value.map(keyOf)
            : []
          : value === undefined || (value === null && !choices.some(([choice]) => choice === null))
            ? undefined
            : keyOf(value)
      }
      placeholder={t('Select ...')}
      onChange={(selected: string | string[] | undefined) => {
        if (Array.isArray(selected)) onChange(selected.map(choiceValueOf));
        else onChange(selected === undefined ? null : choiceValueOf(selected));
      }}
      data-test={`control-${config.name}`}
    />
  );
}

function NumberInputWidget({ config, value, onChange }: ControlProps) {
  return (
    <InputNumber
      size="small"
      style={{ width: '100%' }}
      value={typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : null}
      onChange={(next) => onChange(next)}
      data-test={`control-${config.name}`}
    />
  );
}

/** Free-typed limits: choices offered, any text accepted (validation says when it is not a whole number). */
function LimitWidget({ config, value, onChange }: ControlProps) {
  const options = (config.choices ?? []).map(([choice]) => ({ value: String(choice) }));
  return (
    <AutoComplete
      size="small"
      style={{ width: '100%' }}
      allowClear
      options={options}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(next: string | undefined) => {
        const text = (next ?? '').trim();
        onChange(text === '' ? null : /^\d+$/.test(text) ? Number(text) : text);
      }}
      data-test={`control-${config.name}`}
    />
  );
}

export default function Control(props: ControlProps) {
  const { t } = useTranslation();
  const { config, value, errors, onChange } = props;
  const datasource = useAppSelector((state) => state.explore.datasource);
  // Which column the time range filters (the server's rule), so that a range nothing can take says so.
  const timeColumn = useAppSelector((state) => state.explore.form_data.granularity_sqla);
  const xAxis = useAppSelector((state) => state.explore.form_data.x_axis);
  const header = <ControlHeader label={config.label} description={config.description} errors={errors} />;
  let body: React.ReactNode;

  switch (config.type) {
    case 'metrics':
    case 'metric':
      body = <MetricsControl name={config.name} multi={config.type === 'metrics'} value={value} onChange={onChange} />;
      break;
    case 'groupby':
    case 'columns':
      body = <ColumnsControl name={config.name} multi value={value} onChange={onChange} />;
      break;
    case 'x_axis':
      body = <ColumnsControl name={config.name} multi={false} value={value} onChange={onChange} preferTemporal />;
      break;
    case 'granularity': {
      const choices: Array<[unknown, string]> =
        datasource?.granularity_sqla ??
        (datasource?.columns ?? [])
          .filter((column) => column.is_dttm)
          .map((column) => [column.column_name, column.column_name]);
      body = <SelectWidget {...props} choices={choices} />;
      break;
    }
    case 'time_grain': {
      const available = datasource?.time_grain_sqla?.filter(([grain]) => grain !== null);
      const choices = config.choices?.filter(([grain]) => !available || available.some(([own]) => own === grain));
      body = <SelectWidget {...props} choices={choices ?? available ?? []} />;
      break;
    }
    case 'adhoc_filters':
      body = <AdhocFilterControl name={config.name} value={value} onChange={onChange} />;
      break;
    case 'time_range':
      body = (
        <>
          <TimeRangeControl value={value} onChange={onChange} />
          {(() => {
            const sources = {
              timeColumn,
              xAxis,
              mainDttmCol: datasource?.main_dttm_col,
              temporalColumns: (datasource?.columns ?? []).filter((c) => c.is_dttm).map((c) => c.column_name),
            };
            const range = value ?? config.default;
            if (timeRangeFiltersNothing(sources, range)) {
              return (
                <Typography.Text type="warning" style={{ fontSize: 12 }} data-test="time-range-no-column">
                  {t('The dataset has no time column: the time range does not filter the chart.')}
                </Typography.Text>
              );
            }
            const column = timeRangeColumn(sources);
            return column && typeof range === 'string' && range !== 'No filter' ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-test="time-range-column">
                {t('Filters {{column}}', { column })}
              </Typography.Text>
            ) : null;
          })()}
        </>
      );
      break;
    case 'checkbox':
      return (
        <div data-test={`control-${config.name}`} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <Checkbox checked={value === true} onChange={(event) => onChange(event.target.checked)}>
            {t(config.label)}
          </Checkbox>
          <ControlHeader label="" description={config.description} errors={errors} />
        </div>
      );
    case 'number':
      body = <NumberInputWidget {...props} />;
      break;
    case 'text':
      body = (
        <Input
          size="small"
          value={typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value)}
          onChange={(event) => onChange(event.target.value)}
          data-test={`control-${config.name}`}
        />
      );
      break;
    case 'row_limit':
    case 'series_limit':
      body = <LimitWidget {...props} />;
      break;
    case 'order_by':
      body = (
        <SelectWidget {...props} config={{ ...config, multi: true }} choices={datasource?.order_by_choices ?? []} />
      );
      break;
    case 'annotation_layers':
      body = <AnnotationLayersControl value={value} onChange={onChange} />;
      break;
    case 'color':
      body = (
        <ColorPicker
          size="small"
          value={isRgba(value) ? `rgba(${value.r},${value.g},${value.b},${value.a})` : undefined}
          onChange={(color) => {
            const { r, g, b, a } = color.toRgb();
            onChange({ r, g, b, a });
          }}
          showText
        />
      );
      break;
    case 'bounds': {
      const [min, max] = Array.isArray(value) ? value : [null, null];
      const set = (index: 0 | 1, next: number | null) =>
        onChange(index === 0 ? [next, max ?? null] : [min ?? null, next]);
      body = (
        <Space.Compact style={{ width: '100%' }}>
          <InputNumber
            size="small"
            placeholder={t('Min')}
            value={min as number | null}
            onChange={(next) => set(0, next)}
          />
          <InputNumber
            size="small"
            placeholder={t('Max')}
            value={max as number | null}
            onChange={(next) => set(1, next)}
          />
        </Space.Compact>
      );
      break;
    }
    case 'measures':
    case 'calculated_measures':
      body = <MeasuresControl value={value} onChange={onChange} calculated={config.type === 'calculated_measures'} />;
      break;
    case 'sql_expression':
      body = (
        <Input.TextArea
          rows={3}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          style={{ fontFamily: 'monospace', fontSize: 12 }}
          data-test={`control-${config.name}`}
        />
      );
      break;
    case 'column': {
      const choices: Array<[unknown, string]> = (datasource?.columns ?? []).map((column) => [
        column.column_name,
        column.verbose_name || column.column_name,
      ]);
      body = <SelectWidget {...props} choices={choices} />;
      break;
    }
    case 'conditional_formatting':
    case 'column_config':
      body = <JsonControl value={value} onChange={onChange} />;
      break;
    default:
      body = config.choices ? <SelectWidget {...props} choices={config.choices} /> : <NumberInputWidget {...props} />;
  }
  return (
    <div data-test={`control-row-${config.name}`}>
      {header}
      {body}
    </div>
  );
}
