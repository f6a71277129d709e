// The Radar Chart viz type (radar): several metrics per group as a polygon on radial spokes.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { svgThumbnail } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const plugin = definePlugin({
  vizType: 'radar',
  metadata: {
    name: i18nKey('Radar Chart'),
    description: i18nKey(
      'Visualize a parallel set of metrics across multiple groups. Each group is visualized using its own line of points and each metric is represented as an edge in the chart.',
    ),
    category: i18nKey('Ranking'),
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    tags: ['ECharts', i18nKey('Business'), i18nKey('Comparison'), i18nKey('Multi-Variables')],
    thumbnail: svgThumbnail(
      '<path d="M60 8L92 30L80 70H40L28 30Z" fill="none" stroke="#ccc"/><path d="M60 20L84 32L72 60H48L40 34Z" fill="#1FA8C9" fill-opacity=".3" stroke="#1FA8C9" stroke-width="2"/><path d="M60 30L76 36L68 52H52L46 38Z" fill="#454E7C" fill-opacity=".3" stroke="#454E7C" stroke-width="2"/>',
    ),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('./Chart'),
});

export default plugin;
