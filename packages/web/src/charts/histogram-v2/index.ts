// The Histogram viz type (histogram_v2): how the values of one column are distributed over equal bins.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { svgThumbnail, THUMBNAIL_AXES } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const heights = [10, 24, 42, 52, 36, 20, 8];

const plugin = definePlugin({
  vizType: 'histogram_v2',
  metadata: {
    name: i18nKey('Histogram'),
    description: i18nKey(
      'Take your data points, and group them into "bins" to see where the densest areas of information lie',
    ),
    category: i18nKey('Distribution'),
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    tags: ['ECharts', i18nKey('Comparison'), i18nKey('Distribution'), i18nKey('Statistical')],
    thumbnail: svgThumbnail(
      `${THUMBNAIL_AXES}${heights.map((h, at) => `<rect x="${16 + at * 13.5}" y="${70 - h}" width="13" height="${h}" fill="#1FA8C9"/>`).join('')}`,
    ),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('./Chart'),
});

export default plugin;
