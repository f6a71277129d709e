// Big number total controls: one metric, subheader, formats, font sizes, conditional colours.

import { i18nKey } from '../../i18n/i18n';
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
      label: i18nKey('Chart Options'),
      kind: 'customize',
      expanded: true,
      controls: [
        text('subheader', i18nKey('Subheader'), '', {
          description: i18nKey('Description text that shows up below your Big Number'),
        }),
        numberControl('header_font_size', i18nKey('Big number font size'), 0.4),
        numberControl('subheader_font_size', i18nKey('Subheader font size'), 0.15),
        numberFormat('y_axis_format', i18nKey('Number format')),
        timeFormat('time_format', i18nKey('Date format')),
        checkbox('force_timestamp_formatting', i18nKey('Force date format'), false, {
          description: i18nKey('Use the date format even when the metric is not temporal'),
        }),
        {
          name: 'conditional_formatting',
          type: 'conditional_formatting',
          label: i18nKey('Conditional formatting'),
          description: i18nKey('Apply conditional color formatting to the metric'),
          default: [],
        },
      ],
    },
  ],
  formDataOverrides: (formData) => ({ ...formData, metric: formData.metric ?? formData.metrics?.[0] ?? null }),
};

export default controlPanel;
