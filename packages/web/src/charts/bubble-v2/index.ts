// The Bubble Chart viz type (bubble_v2): entities on two metrics, bubble area by a third.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { svgThumbnail, THUMBNAIL_AXES } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const plugin = definePlugin({
  vizType: 'bubble_v2',
  metadata: {
    name: i18nKey('Bubble Chart'),
    description: i18nKey(
      'Visualizes a metric across three dimensions of data in a single chart (X axis, Y axis, and bubble size). Bubbles from the same group can be showcased using bubble color.',
    ),
    category: i18nKey('Correlation'),
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    tags: [
      'ECharts',
      i18nKey('Multi-Dimensions'),
      i18nKey('Comparison'),
      i18nKey('Scatter'),
      i18nKey('Time'),
      i18nKey('Trend'),
    ],
    thumbnail: svgThumbnail(
      `${THUMBNAIL_AXES}<circle cx="34" cy="50" r="9" fill="#1FA8C9" opacity=".7"/><circle cx="58" cy="34" r="14" fill="#454E7C" opacity=".7"/><circle cx="88" cy="24" r="7" fill="#5AC189" opacity=".7"/><circle cx="80" cy="52" r="5" fill="#FF7F44" opacity=".7"/>`,
    ),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('./Chart'),
});

export default plugin;
