// The Sunburst Chart viz type (sunburst_v2): a metric's hierarchy as concentric rings.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { svgThumbnail } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const plugin = definePlugin({
  vizType: 'sunburst_v2',
  metadata: {
    name: i18nKey('Sunburst Chart'),
    description: i18nKey('Uses circles to visualize the flow of data through different stages of a system.'),
    category: i18nKey('Part of a Whole'),
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    tags: ['ECharts', i18nKey('Aesthetic'), i18nKey('Circular'), i18nKey('Multi-Levels'), i18nKey('Proportional')],
    thumbnail: svgThumbnail(
      '<circle cx="60" cy="40" r="34" fill="#8FD3E4"/><path d="M60 6A34 34 0 0 1 94 40H60Z" fill="#A1A6BD"/><circle cx="60" cy="40" r="20" fill="#1FA8C9"/><path d="M60 20A20 20 0 0 1 80 40H60Z" fill="#454E7C"/><circle cx="60" cy="40" r="6" fill="#fff"/>',
    ),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('./Chart'),
});

export default plugin;
