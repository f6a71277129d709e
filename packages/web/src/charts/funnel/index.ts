// The Funnel Chart viz type (funnel): how a metric narrows across the steps of a process.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { svgThumbnail } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const plugin = definePlugin({
  vizType: 'funnel',
  metadata: {
    name: i18nKey('Funnel Chart'),
    description: i18nKey(
      'Showcases how a metric changes as the funnel progresses. This classic chart is useful for visualizing drop-off between stages in a pipeline or lifecycle.',
    ),
    category: i18nKey('KPI'),
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    tags: ['ECharts', i18nKey('Business'), i18nKey('Progressive')],
    thumbnail: svgThumbnail(
      '<path d="M14 10H106L92 28H28Z" fill="#1FA8C9"/><path d="M30 31H90L78 49H42Z" fill="#454E7C"/><path d="M44 52H76L68 70H52Z" fill="#5AC189"/>',
    ),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('./Chart'),
});

export default plugin;
