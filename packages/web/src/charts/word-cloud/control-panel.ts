// Word cloud controls: the word column, one metric, font size range, rotation and colours.
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
      groupby('series', 'Dimension', { multi: false, validators: ['nonEmpty'] }),
      metric(),
      adhocFilters(),
      rowLimit(100),
      checkbox('sort_by_metric', 'Sort by metric', true),
    ]),
    {
      label: 'Options',
      kind: 'customize',
      expanded: true,
      controls: [
        numberControl('size_from', 'Minimum font size', 10),
        numberControl('size_to', 'Maximum font size', 70),
        select(
          'rotation',
          'Word rotation',
          [
            ['random', 'random'],
            ['flat', 'flat'],
            ['square', 'square'],
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
