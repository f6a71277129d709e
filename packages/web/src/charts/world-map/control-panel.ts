// World map controls: the country column and how it is coded, metrics, colouring and bubbles.
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
      groupby('entity', 'Country Column', { multi: false, validators: ['nonEmpty'] }),
      select(
        'country_fieldtype',
        'Country Field Type',
        [
          ['name', 'Full name'],
          ['cioc', 'code International Olympic Committee (cioc)'],
          ['cca2', 'code ISO 3166-1 alpha-2 (cca2)'],
          ['cca3', 'code ISO 3166-1 alpha-3 (cca3)'],
        ],
        'cca2',
        { description: 'The country code standard that the column holds' },
      ),
      metric('metric', 'Metric'),
      metric('secondary_metric', 'Bubble size', { validators: [] }),
      adhocFilters(),
      rowLimit(10000),
      checkbox('sort_by_metric', 'Sort by metric', false),
    ]),
    {
      label: 'Chart Options',
      kind: 'customize',
      expanded: true,
      controls: [
        checkbox('show_bubbles', 'Show bubbles', false),
        numberControl('max_bubble_size', 'Max bubble size', 25),
        color('color_picker', 'Bubble color', { r: 0, g: 122, b: 135, a: 1 }),
        select(
          'color_by',
          'Color by',
          [
            ['metric', 'Metric'],
            ['country', 'Country'],
          ],
          'metric',
        ),
        linearColorScheme(),
        colorScheme(),
        numberFormat('y_axis_format', 'Number format'),
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, metric: formData.metric ?? formData.metrics?.[0] ?? null }),
};

export default controlPanel;
