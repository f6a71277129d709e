// World map controls: the country column and how it is coded, metrics, colouring and bubbles.

import { i18nKey } from '../../i18n/i18n';
import {
  adhocFilters,
  checkbox,
  color,
  colorScheme,
  DATASOURCE_SECTION,
  groupby,
  linearColorScheme,
  metric,
  numberControl,
  numberFormat,
  querySection,
  rowLimit,
  select,
  TIME_SECTION,
} from '../shared/controls';
import type { ControlPanelConfig } from '../types';

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([
      groupby('entity', i18nKey('Country Column'), { multi: false, validators: ['nonEmpty'] }),
      select(
        'country_fieldtype',
        i18nKey('Country Field Type'),
        [
          ['name', i18nKey('Full name')],
          ['cioc', i18nKey('code International Olympic Committee (cioc)')],
          ['cca2', i18nKey('code ISO 3166-1 alpha-2 (cca2)')],
          ['cca3', i18nKey('code ISO 3166-1 alpha-3 (cca3)')],
        ],
        'cca2',
        { description: i18nKey('The country code standard that the column holds') },
      ),
      metric('metric', i18nKey('Metric')),
      metric('secondary_metric', i18nKey('Bubble size'), { validators: [] }),
      adhocFilters(),
      rowLimit(10000),
      checkbox('sort_by_metric', i18nKey('Sort by metric'), false),
    ]),
    {
      label: i18nKey('Chart Options'),
      kind: 'customize',
      expanded: true,
      controls: [
        checkbox('show_bubbles', i18nKey('Show bubbles'), false),
        numberControl('max_bubble_size', i18nKey('Max bubble size'), 25),
        color('color_picker', i18nKey('Bubble color'), { r: 0, g: 122, b: 135, a: 1 }),
        select(
          'color_by',
          i18nKey('Color by'),
          [
            ['metric', i18nKey('Metric')],
            ['country', i18nKey('Country')],
          ],
          'metric',
        ),
        linearColorScheme(),
        colorScheme(),
        numberFormat('y_axis_format', i18nKey('Number format')),
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, metric: formData.metric ?? formData.metrics?.[0] ?? null }),
};

export default controlPanel;
