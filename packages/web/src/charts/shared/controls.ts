// Control declarations the viz types share, so one control has one name, label and default everywhere.
import {
  DEFAULT_ROW_LIMIT,
  DEFAULT_TIME_GRAIN,
  RESAMPLE_METHODS,
  RESAMPLE_RULES,
  ROW_LIMIT_CHOICES,
  SERIES_LIMIT_CHOICES,
  TIME_GRAINS,
  TIME_SHIFTS,
} from '@nezha/core';
import { i18nKey } from '../../i18n/i18n';
import type { ControlConfig, ControlPanelSection } from '../types';
import {
  CATEGORICAL_SCHEME_CHOICES,
  DEFAULT_CATEGORICAL_SCHEME,
  DEFAULT_SEQUENTIAL_SCHEME,
  SEQUENTIAL_SCHEME_CHOICES,
} from './color-schemes';
import { NUMBER_FORMAT_CHOICES, SMART_NUMBER } from './number-format';
import { SMART_DATE, TIME_FORMAT_CHOICES } from './time-format';

type Extra = Partial<Omit<ControlConfig, 'name' | 'type'>>;

export const checkbox = (name: string, label: string, defaultValue: boolean, extra: Extra = {}): ControlConfig => ({
  name,
  type: 'checkbox',
  label,
  default: defaultValue,
  ...extra,
});

export const numberControl = (
  name: string,
  label: string,
  defaultValue?: number,
  extra: Extra = {},
): ControlConfig => ({
  name,
  type: 'number',
  label,
  ...(defaultValue === undefined ? {} : { default: defaultValue }),
  ...extra,
});

export const text = (name: string, label: string, defaultValue = '', extra: Extra = {}): ControlConfig => ({
  name,
  type: 'text',
  label,
  default: defaultValue,
  ...extra,
});

export const select = (
  name: string,
  label: string,
  choices: Array<[unknown, string]>,
  defaultValue: unknown,
  extra: Extra = {},
): ControlConfig => ({ name, type: 'select', label, choices, default: defaultValue, ...extra });

export const metrics = (extra: Extra = {}): ControlConfig => ({
  name: 'metrics',
  type: 'metrics',
  label: i18nKey('Metrics'),
  multi: true,
  validators: ['nonEmpty'],
  ...extra,
});

export const metric = (name = 'metric', label: string = i18nKey('Metric'), extra: Extra = {}): ControlConfig => ({
  name,
  type: 'metric',
  label,
  validators: ['nonEmpty'],
  ...extra,
});

export const groupby = (name = 'groupby', label: string = i18nKey('Dimensions'), extra: Extra = {}): ControlConfig => ({
  name,
  type: 'groupby',
  label,
  multi: true,
  ...extra,
});

export const adhocFilters = (name = 'adhoc_filters'): ControlConfig => ({
  name,
  type: 'adhoc_filters',
  label: i18nKey('Filters'),
  default: [],
});

export const rowLimit = (defaultValue: number = DEFAULT_ROW_LIMIT): ControlConfig => ({
  name: 'row_limit',
  type: 'row_limit',
  label: i18nKey('Row limit'),
  default: defaultValue,
  choices: ROW_LIMIT_CHOICES.map((value) => [value, String(value)]),
  validators: ['integer'],
});

export const seriesLimit = (name = 'limit'): ControlConfig => ({
  name,
  type: 'series_limit',
  label: i18nKey('Series limit'),
  description: i18nKey('Limits the number of series that get displayed'),
  choices: SERIES_LIMIT_CHOICES.map((value) => [value, String(value)]),
  validators: ['integer'],
});

export const seriesLimitMetric = (name = 'timeseries_limit_metric'): ControlConfig => ({
  name,
  type: 'metric',
  label: i18nKey('Sort by'),
  description: i18nKey('Metric used to order the series limit'),
});

export const orderDesc = (name = 'order_desc'): ControlConfig => checkbox(name, i18nKey('Sort descending'), true);

export const xAxis = (): ControlConfig => ({
  name: 'x_axis',
  type: 'x_axis',
  label: i18nKey('X-axis'),
  validators: ['nonEmpty'],
});

export const timeGrain = (): ControlConfig => ({
  name: 'time_grain_sqla',
  type: 'time_grain',
  label: i18nKey('Time grain'),
  default: DEFAULT_TIME_GRAIN,
  choices: TIME_GRAINS.map((grain) => [grain.value, grain.label]),
});

export const colorScheme = (): ControlConfig => ({
  name: 'color_scheme',
  type: 'color_scheme',
  label: i18nKey('Color scheme'),
  default: DEFAULT_CATEGORICAL_SCHEME,
  choices: CATEGORICAL_SCHEME_CHOICES,
});

export const linearColorScheme = (): ControlConfig =>
  select('linear_color_scheme', i18nKey('Linear color scheme'), SEQUENTIAL_SCHEME_CHOICES, DEFAULT_SEQUENTIAL_SCHEME);

export const numberFormat = (name = 'number_format', label: string = i18nKey('Number format')): ControlConfig =>
  select(name, label, NUMBER_FORMAT_CHOICES, SMART_NUMBER, {
    description: i18nKey('D3 format syntax: https://github.com/d3/d3-format'),
  });

export const timeFormat = (name = 'date_format', label: string = i18nKey('Date format')): ControlConfig =>
  select(name, label, TIME_FORMAT_CHOICES, SMART_DATE, {
    description: i18nKey('D3 time format syntax: https://github.com/d3/d3-time-format'),
  });

export const color = (name: string, label: string, defaultValue: { r: number; g: number; b: number; a: number }) =>
  ({ name, type: 'color', label, default: defaultValue }) satisfies ControlConfig;

export const legendControls = (): ControlConfig[] => [
  checkbox('show_legend', i18nKey('Show legend'), true),
  select(
    'legendType',
    i18nKey('Legend type'),
    [
      ['scroll', i18nKey('Scroll')],
      ['plain', i18nKey('Plain')],
    ],
    'scroll',
    { visibility: (formData) => formData.show_legend !== false },
  ),
  select(
    'legendOrientation',
    i18nKey('Legend orientation'),
    [
      ['top', i18nKey('Top')],
      ['bottom', i18nKey('Bottom')],
      ['left', i18nKey('Left')],
      ['right', i18nKey('Right')],
    ],
    'top',
    { visibility: (formData) => formData.show_legend !== false },
  ),
];

/** Explore fills this one with its datasource and viz type pickers. */
export const DATASOURCE_SECTION: ControlPanelSection = {
  label: i18nKey('Chart Source'),
  kind: 'datasource',
  expanded: true,
  controls: [],
};

/** The section holding what the chart queries (metrics, dimensions, filters, limits), open by default. */
export function querySection(controls: ControlPanelSection['controls']): ControlPanelSection {
  return { label: i18nKey('Query'), kind: 'query', expanded: true, controls };
}

/** The time column and time range (spec: "time (time column, time range)"). */
export const TIME_SECTION: ControlPanelSection = {
  label: i18nKey('Time'),
  kind: 'time',
  expanded: true,
  controls: [
    { name: 'granularity_sqla', type: 'granularity', label: i18nKey('Time column') },
    { name: 'time_range', type: 'time_range', label: i18nKey('Time range'), default: 'No filter' },
  ],
};

export const ANNOTATION_SECTION: ControlPanelSection = {
  label: i18nKey('Annotations and Layers'),
  kind: 'annotation_layers',
  expanded: false,
  controls: [
    { name: 'annotation_layers', type: 'annotation_layers', label: i18nKey('Annotation layers'), default: [] },
  ],
};

const hasRolling = (formData: Record<string, unknown>) =>
  typeof formData.rolling_type === 'string' && !['None', 'cumsum', ''].includes(formData.rolling_type);

/** Rolling window, time comparison and resampling, all run by the server's post-processing. */
export const ADVANCED_ANALYTICS_SECTION: ControlPanelSection = {
  label: i18nKey('Advanced analytics'),
  kind: 'advanced_analytics',
  expanded: false,
  controls: [
    select(
      'rolling_type',
      i18nKey('Rolling function'),
      [
        ['None', i18nKey('None')],
        ...(['mean', 'sum', 'std', 'max', 'min', 'cumsum'] as const).map((v): [string, string] => [v, v]),
      ],
      'None',
    ),
    numberControl('rolling_periods', i18nKey('Periods'), 1, { visibility: hasRolling }),
    numberControl('min_periods', i18nKey('Min periods'), 0, { visibility: hasRolling }),
    select(
      'time_compare',
      i18nKey('Time shift'),
      TIME_SHIFTS.map((shift): [string, string] => [shift, shift]),
      [],
      { multi: true },
    ),
    select(
      'comparison_type',
      i18nKey('Calculation type'),
      [
        ['values', i18nKey('Actual values')],
        ['absolute', i18nKey('Difference')],
        ['percentage', i18nKey('Percentage change')],
        ['ratio', i18nKey('Ratio')],
      ],
      'values',
    ),
    select(
      'resample_rule',
      i18nKey('Rule'),
      RESAMPLE_RULES.map((rule): [string, string] => [rule, rule]),
      null,
    ),
    select(
      'resample_method',
      i18nKey('Fill method'),
      RESAMPLE_METHODS.map((method): [string, string] => [method, method]),
      null,
    ),
  ],
};
