// The control panel of a viz type as explore shows it: the plugin's sections, completed with the spec's
// time, advanced analytics and annotation sections where the plugin has none.
import {
  DEFAULT_ROW_LIMIT,
  DEFAULT_TIME_RANGE,
  type QueryFormData,
  ROW_LIMIT_CHOICES,
  SAMPLE_RATE_CHOICES,
  TIME_SHIFTS,
} from '@nezha/core';
import { getChartPlugin } from '../../charts/registry';
import type { ControlConfig, ControlPanelSection } from '../../charts/types';
import { i18nKey } from '../../i18n/i18n';

const choices = (values: readonly (string | number)[]): Array<[unknown, string]> =>
  values.map((value) => [value, String(value)]);

export const TIME_SECTION: ControlPanelSection = {
  label: i18nKey('Time'),
  kind: 'time',
  expanded: true,
  controls: [
    {
      name: 'granularity_sqla',
      type: 'granularity',
      label: i18nKey('Time column'),
      description: i18nKey('The time column the time range applies to.'),
    },
    { name: 'time_range', type: 'time_range', label: i18nKey('Time range'), default: DEFAULT_TIME_RANGE },
  ],
};

/** Spec §9: rolling sum/mean/std/max/min, comparisons, resample rules and methods. */
export const ADVANCED_ANALYTICS_SECTION: ControlPanelSection = {
  label: i18nKey('Advanced analytics'),
  kind: 'advanced_analytics',
  expanded: false,
  controls: [
    {
      name: 'rolling_type',
      type: 'select',
      label: i18nKey('Rolling function'),
      choices: [[null, i18nKey('None')], ...choices(['cumsum', 'sum', 'mean', 'std', 'max', 'min'])],
      default: null,
    },
    {
      name: 'rolling_periods',
      type: 'number',
      label: i18nKey('Periods'),
      validators: ['integer'],
      visibility: (formData) => !!formData.rolling_type && formData.rolling_type !== 'cumsum',
    },
    {
      name: 'min_periods',
      type: 'number',
      label: i18nKey('Min periods'),
      validators: ['integer'],
      visibility: (formData) => !!formData.rolling_type && formData.rolling_type !== 'cumsum',
    },
    {
      name: 'time_compare',
      type: 'select',
      label: i18nKey('Time shift'),
      multi: true,
      choices: choices(TIME_SHIFTS),
      default: [],
    },
    {
      name: 'comparison_type',
      type: 'select',
      label: i18nKey('Calculation type'),
      choices: [
        ['values', i18nKey('Actual values')],
        ['absolute', i18nKey('Difference')],
        ['percentage', i18nKey('Percentage change')],
        ['ratio', i18nKey('Ratio')],
      ],
      default: 'values',
    },
    {
      name: 'resample_rule',
      type: 'select',
      label: i18nKey('Rule'),
      choices: [[null, i18nKey('None')], ...choices(['1T', '1H', '1D', '7D', '1M', '1AS'])],
      default: null,
    },
    {
      name: 'resample_method',
      type: 'select',
      label: i18nKey('Fill method'),
      choices: [[null, i18nKey('None')], ...choices(['asfreq', 'bfill', 'ffill', 'median', 'mean', 'sum'])],
      default: null,
    },
  ],
};

export const ANNOTATION_SECTION: ControlPanelSection = {
  label: i18nKey('Annotations and layers'),
  kind: 'annotation_layers',
  expanded: false,
  controls: [
    { name: 'annotation_layers', type: 'annotation_layers', label: i18nKey('Annotation layers'), default: [] },
  ],
};

/** For a viz type no plugin knows (yet): a plain aggregate query. */
export const FALLBACK_SECTIONS: ControlPanelSection[] = [
  {
    label: i18nKey('Query'),
    kind: 'query',
    expanded: true,
    controls: [
      { name: 'metrics', type: 'metrics', label: i18nKey('Metrics'), multi: true, validators: ['nonEmpty'] },
      { name: 'groupby', type: 'groupby', label: i18nKey('Dimensions'), multi: true },
      { name: 'adhoc_filters', type: 'adhoc_filters', label: i18nKey('Filters'), default: [] },
      {
        name: 'row_limit',
        type: 'row_limit',
        label: i18nKey('Row limit'),
        choices: choices(ROW_LIMIT_CHOICES),
        default: DEFAULT_ROW_LIMIT,
      },
    ],
  },
];

/** Shown only to users with can_make_sample_query (spec §5); the panel checks the permission. */
export const SAMPLE_RATE_CONTROL: ControlConfig = {
  name: 'sample_rate',
  type: 'select',
  label: i18nKey('Sample rate'),
  choices: [[null, i18nKey('None')], ...choices(SAMPLE_RATE_CHOICES)],
  default: null,
};

const hasControlOfType = (sections: readonly ControlPanelSection[], type: ControlConfig['type']) =>
  sections.some((section) => section.controls.some((control) => control.type === type));

/** The sections in display order: datasource and viz type come first in the panel itself, then these. */
export function controlPanelFor(vizType: string): ControlPanelSection[] {
  const plugin = getChartPlugin(vizType);
  const own = plugin ? plugin.controlPanel.sections : FALLBACK_SECTIONS;
  const sections: ControlPanelSection[] = [];
  if (!own.some((section) => section.kind === 'time') && !hasControlOfType(own, 'time_range')) {
    sections.push(TIME_SECTION);
  }
  for (const section of own) {
    sections.push(
      section.kind === 'query' && !section.controls.some((c) => c.name === SAMPLE_RATE_CONTROL.name)
        ? { ...section, controls: [...section.controls, SAMPLE_RATE_CONTROL] }
        : section,
    );
  }
  const timeseries = plugin?.metadata.isTimeseries === true;
  if (timeseries && !own.some((section) => section.kind === 'advanced_analytics')) {
    sections.push(ADVANCED_ANALYTICS_SECTION);
  }
  if (timeseries && !own.some((section) => section.kind === 'annotation_layers')) sections.push(ANNOTATION_SECTION);
  return sections;
}

export interface PanelControl {
  config: ControlConfig;
  sectionKind: ControlPanelSection['kind'];
}

/** Every control of the panel once, by name (the first section that declares a name wins). */
export function panelControlsFor(vizType: string): Map<string, PanelControl> {
  const controls = new Map<string, PanelControl>();
  for (const section of controlPanelFor(vizType)) {
    for (const config of section.controls) {
      if (!controls.has(config.name)) controls.set(config.name, { config, sectionKind: section.kind });
    }
  }
  return controls;
}

/**
 * Customize controls only change how the chart draws: a change re-renders the last results instead of
 * querying again. A plugin may say so of any control with `renderTrigger`.
 */
export function isRenderTrigger(control: PanelControl): boolean {
  const flagged = (control.config as ControlConfig & { renderTrigger?: boolean }).renderTrigger;
  return flagged ?? control.sectionKind === 'customize';
}

export function isControlVisible(config: ControlConfig, formData: QueryFormData): boolean {
  try {
    return config.visibility ? config.visibility(formData) : true;
  } catch {
    // A plugin's visibility rule that trips on unexpected form data must not break the panel.
    return true;
  }
}
