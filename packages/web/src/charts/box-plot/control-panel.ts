// Box plot controls: the distribution columns, the groups, metrics, whisker type and axes.

import { i18nKey } from '../../i18n/i18n';
import {
  adhocFilters,
  colorScheme,
  DATASOURCE_SECTION,
  groupby,
  metrics,
  numberFormat,
  querySection,
  rowLimit,
  select,
  TIME_SECTION,
  text,
  timeFormat,
} from '../shared/controls';
import type { ControlPanelConfig } from '../types';
import { WHISKER_CHOICES } from './build-query';

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([
      groupby('columns', i18nKey('Distribute across'), {
        validators: ['nonEmpty'],
        description: i18nKey('Columns whose values make the distribution of each box'),
      }),
      metrics(),
      groupby('groupby', i18nKey('Dimensions'), { description: i18nKey('One box per value of these columns') }),
      adhocFilters(),
      rowLimit(10000),
    ]),
    {
      label: i18nKey('Chart Options'),
      kind: 'customize',
      expanded: true,
      controls: [
        colorScheme(),
        select(
          'whiskerOptions',
          i18nKey('Whisker/outlier options'),
          WHISKER_CHOICES.map((choice): [string, string] => [choice, choice]),
          'Tukey',
        ),
        text('x_axis_title', i18nKey('X axis title')),
        text('y_axis_title', i18nKey('Y axis title')),
        numberFormat(),
        timeFormat(),
      ],
    },
  ],
};

export default controlPanel;
