// Cohort controls: the dimensions that make a member, the filters members pass, an optional top-series limit
// and the metric that ranks them.

import { i18nKey } from '../../i18n/i18n';
import {
  adhocFilters,
  DATASOURCE_SECTION,
  groupby,
  querySection,
  rowLimit,
  seriesLimit,
  seriesLimitMetric,
  TIME_SECTION,
} from '../shared/controls';
import type { ControlPanelConfig } from '../types';

const controlPanel: ControlPanelConfig = {
  sections: [
    DATASOURCE_SECTION,
    TIME_SECTION,
    querySection([
      groupby('dimensions', i18nKey('Dimensions'), {
        description: i18nKey('The columns whose distinct values make a member of the cohort'),
        default: [],
      }),
      adhocFilters(),
      {
        ...seriesLimit('limit'),
        label: i18nKey('Top series'),
        description: i18nKey('Keep only this many members, ranked by the sort metric; they are saved with the cohort'),
      },
      { ...seriesLimitMetric('timeseries_limit_metric'), label: i18nKey('Sort by') },
      rowLimit(1000),
    ]),
  ],
};

export default controlPanel;
