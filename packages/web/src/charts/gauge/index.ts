// The Gauge Chart viz type (gauge): a metric's progress towards a range, one pointer per group.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { svgThumbnail } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const plugin = definePlugin({
  vizType: 'gauge',
  metadata: {
    name: i18nKey('Gauge Chart'),
    description: i18nKey(
      'Uses a gauge to showcase progress of a metric towards a target. The position of the dial represents the progress and the terminal value in the gauge represents the target value.',
    ),
    category: i18nKey('KPI'),
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    tags: ['ECharts', i18nKey('Business'), i18nKey('Comparison'), i18nKey('Progressive'), i18nKey('Report')],
    thumbnail: svgThumbnail(
      '<path d="M22 62A38 38 0 1 1 98 62" fill="none" stroke="#E6EBF8" stroke-width="10"/><path d="M22 62A38 38 0 0 1 80 30" fill="none" stroke="#1FA8C9" stroke-width="10"/><path d="M60 62L78 36" stroke="#666" stroke-width="3"/><circle cx="60" cy="62" r="4" fill="#666"/>',
    ),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('./Chart'),
});

export default plugin;
