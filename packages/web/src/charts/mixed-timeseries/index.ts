// The Mixed Chart viz type (mixed_timeseries): two time series queries on one x-axis and two y-axes.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { svgThumbnail, THUMBNAIL_AXES } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const plugin = definePlugin({
  vizType: 'mixed_timeseries',
  metadata: {
    name: i18nKey('Mixed Chart'),
    description: i18nKey(
      'Visualize two different series using the same x-axis. Note that both series can be visualized with a different chart type (e.g. 1 using bars and 1 using a line).',
    ),
    category: i18nKey('Evolution'),
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    tags: [
      'ECharts',
      i18nKey('Advanced-Analytics'),
      i18nKey('Aesthetic'),
      i18nKey('Line'),
      i18nKey('Multi-Variables'),
      i18nKey('Time'),
      i18nKey('Trend'),
    ],
    thumbnail: svgThumbnail(
      `${THUMBNAIL_AXES}<rect x="20" y="44" width="12" height="26" fill="#454E7C"/><rect x="42" y="36" width="12" height="34" fill="#454E7C"/><rect x="64" y="50" width="12" height="20" fill="#454E7C"/><rect x="86" y="30" width="12" height="40" fill="#454E7C"/><path d="M26 30L48 18L70 34L92 12" fill="none" stroke="#1FA8C9" stroke-width="3"/>`,
    ),
    isTimeseries: true,
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('./Chart'),
});

export default plugin;
