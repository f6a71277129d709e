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
  label: 'Metrics',
  multi: true,
  validators: ['nonEmpty'],
  ...extra,
});

export const metric = (name = 'metric', label = 'Metric', extra: Extra = {}): ControlConfig => ({
  name,
  type: 'metric',
  label,
  validators: ['nonEmpty'],
  ...extra,
});

export const groupby = (name = 'groupby', label = 'Dimensions', extra: Extra = {}): ControlConfig => ({
  name,
  type: 'groupby',
  label,
  multi: true,
  ...extra,
});

export const adhocFilters = (name = 'adhoc_filters'): ControlConfig => ({
  name,
  type: 'adhoc_filters',
  label: 'Filters',
  default: [],
});

export const rowLimit = (defaultValue: number = DEFAULT_ROW_LIMIT): ControlConfig => ({
  name: 'row_limit',
  type: 'row_limit',
  label: 'Row limit',
  default: defaultValue,
  choices: ROW_LIMIT_CHOICES.map((value) => [value, String(value)]),
  validators: ['integer'],
});

export const seriesLimit = (name = 'limit'): ControlConfig => ({
  name,
  type: 'series_limit',
  label: 'Series limit',
  description: 'Limits the number of series that get displayed',
  choices: SERIES_LIMIT_CHOICES.map((value) => [value, String(value)]),
  validators: ['integer'],
});

export const seriesLimitMetric = (name = 'timeseries_limit_metric'): ControlConfig => ({
  name,
  type: 'metric',
  label: 'Sort by',
  description: 'Metric used to order the series limit',
});

export const orderDesc = (name = 'order_desc'): ControlConfig => checkbox(name, 'Sort descending', true);

export const xAxis = (): ControlConfig => ({
  name: 'x_axis',
  type: 'x_axis',
  label: 'X-axis',
  validators: ['nonEmpty'],
});

export const timeGrain = (): ControlConfig => ({
  name: 'time_grain_sqla',
  type: 'time_grain',
  label: 'Time grain',
  default: DEFAULT_TIME_GRAIN,
  choices: TIME_GRAINS.map((grain) => [grain.value, grain.label]),
});

export const colorScheme = (): ControlConfig => ({
  name: 'color_scheme',
  type: 'color_scheme',
  label: 'Color scheme',
  default: DEFAULT_CATEGORICAL_SCHEME,
  choices: CATEGORICAL_SCHEME_CHOICES,
});

export const linearColorScheme = (): ControlConfig =>
  select('linear_color_scheme', 'Linear color scheme', SEQUENTIAL_SCHEME_CHOICES, DEFAULT_SEQUENTIAL_SCHEME);

export const numberFormat = (name = 'number_format', label = 'Number format'): ControlConfig =>
  select(name, label, NUMBER_FORMAT_CHOICES, SMART_NUMBER, {
    description: 'D3 format syntax: https://github.com/d3/d3-format',
  });

export const timeFormat = (name = 'date_format', label = 'Date format'): ControlConfig =>
  select(name, label, TIME_FORMAT_CHOICES, SMART_DATE, {
    description: 'D3 time format syntax: https://github.com/d3/d3-time-format',
  });

export const color = (name: string, label: string, defaultValue: { r: number; g: number; b: number; a: number }) =>
  ({ name, type: 'color', label, default: defaultValue }) satisfies ControlConfig;

export const legendControls = (): ControlConfig[] => [
  checkbox('show_legend', 'Show legend', true),
  select(
    'legendType',
    'Legend type',
    [
      ['scroll', 'Scroll'],
      ['plain', 'Plain'],
    ],
    'scroll',
    { visibility: (formData) => formData.show_legend !== false },
  ),
  select(
    'legendOrientation',
    'Legend orientation',
    [
      ['top', 'Top'],
      ['bottom', 'Bottom'],
      ['left', 'Left'],
      ['right', 'Right'],
    ],
    'top',
    { visibility: (formData) => formData.show_legend !== false },
  ),
];

/** Explore fills this one with its datasource and viz type pickers. */
export const DATASOURCE_SECTION: ControlPanelSection = {
  label: 'Chart Source',
  kind: 'datasource',
  expanded: true,
  controls: [],
};

/** The section holding what the chart queries (metrics, dimensions, filters, limits), open by default. */
export function querySection(controls: ControlPanelSection['controls']): ControlPanelSection {
  return { label: 'Query', kind: 'query', expanded: true, controls };
}

/** The time column and time range (spec: "time (time column, time range)"). */
export const TIME_SECTION: ControlPanelSection = {
  label: 'Time',
  kind: 'time',
  expanded: true,
  controls: [
    { name: 'granularity_sqla', type: 'granularity', label: 'Time column' },
    { name: 'time_range', type: 'time_range', label: 'Time range', default: 'No filter' },
  ],
};

export const ANNOTATION_SECTION: ControlPanelSection = {
  label: 'Annotations and Layers',
  kind: 'annotation_layers',
  expanded: false,
  controls: [{ name: 'annotation_layers', type: 'annotation_layers', label: 'Annotation layers', default: [] }],
};

const hasRolling = (formData: Record<string, unknown>) =>
  typeof formData.rolling_type === 'string' && !['None', 'cumsum', ''].includes(formData.rolling_type);

/** Rolling window, time comparison and resampling, all run by the server's post-processing. */
export const ADVANCED_ANALYTICS_SECTION: ControlPanelSection = {
  label: 'Advanced analytics',
  kind: 'advanced_analytics',
  expanded: false,
  controls: [
    select(
      'rolling_type',
      'Rolling function',
      [
        ['None', 'None'],
        ...(['mean', 'sum', 'std', 'max', 'min', 'cumsum'] as const).map((v): [string, string] => [v, v]),
      ],
      'None',
    ),
    numberControl('rolling_periods', 'Periods', 1, { visibility: hasRolling }),
    numberControl('min_periods', 'Min periods', 0, { visibility: hasRolling }),
    select(
      'time_compare',
      'Time shift',
      TIME_SHIFTS.map((shift): [string, string] => [shift, shift]),
      [],
      { multi: true },
    ),
    select(
      'comparison_type',
      'Calculation type',
      [
        ['values', 'Actual values'],
        ['absolute', 'Difference'],
        ['percentage', 'Percentage change'],
        ['ratio', 'Ratio'],
      ],
      'values',
    ),
    select(
      'resample_rule',
      'Rule',
      RESAMPLE_RULES.map((rule): [string, string] => [rule, rule]),
      null,
    ),
    select(
      'resample_method',
      'Fill method',
      RESAMPLE_METHODS.map((method): [string, string] => [method, method]),
      null,
    ),
  ],
};
