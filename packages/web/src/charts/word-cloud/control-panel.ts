// Word cloud controls: the word column, one metric, font size range, rotation and colours.

import { i18nKey } from '../../i18n/i18n';
import {
  adhocFilters,
  checkbox,
  colorScheme,
  DATASOURCE_SECTION,
  groupby,
  metric,
  numberControl,
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
      groupby('series', i18nKey('Dimension'), { multi: false, validators: ['nonEmpty'] }),
      metric(),
      adhocFilters(),
      rowLimit(100),
      checkbox('sort_by_metric', i18nKey('Sort by metric'), true),
    ]),
    {
      label: i18nKey('Options'),
      kind: 'customize',
      expanded: true,
      controls: [
        numberControl('size_from', i18nKey('Minimum font size'), 10),
        numberControl('size_to', i18nKey('Maximum font size'), 70),
        select(
          'rotation',
          i18nKey('Word rotation'),
          [
            ['random', i18nKey('random')],
            ['flat', i18nKey('flat')],
            ['square', i18nKey('square')],
          ],
          'square',
        ),
        colorScheme(),
      ],
    },
  ],
  formDataOverrides: (formData) => ({
    ...formData,
    series: formData.series ?? formData.groupby?.[0] ?? null,
    metric: formData.metric ?? formData.metrics?.[0] ?? null,
  }),
};

export default controlPanel;
