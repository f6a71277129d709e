// Big number total controls: one metric, subheader, formats, font sizes, conditional colours.
import {
  adhocFilters,
  checkbox,
  DATASOURCE_SECTION,
  metric,
  numberControl,
  numberFormat,
  querySection,
  TIME_SECTION,
  text,
  timeFormat,
} from '../shared/controls';
import type { ControlPanelConfig } from '../types';

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([metric(), adhocFilters()]),
    {
      label: 'Chart Options',
      kind: 'customize',
      expanded: true,
      controls: [
        text('subheader', 'Subheader', '', { description: 'Description text that shows up below your Big Number' }),
        numberControl('header_font_size', 'Big number font size', 0.4),
        numberControl('subheader_font_size', 'Subheader font size', 0.15),
        numberFormat('y_axis_format', 'Number format'),
        timeFormat('time_format', 'Date format'),
        checkbox('force_timestamp_formatting', 'Force date format', false, {
          description: 'Use the date format even when the metric is not temporal',
        }),
        {
          name: 'conditional_formatting',
          type: 'conditional_formatting',
          label: 'Conditional formatting',
          description: 'Apply conditional color formatting to the metric',
          default: [],
        },
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, metric: formData.metric ?? formData.metrics?.[0] ?? null }),
};

export default controlPanel;
