// The Pie Chart viz type (pie): a metric's share per dimension value, as a pie or donut.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { svgThumbnail } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const plugin = definePlugin({
  vizType: 'pie',
  metadata: {
    name: i18nKey('Pie Chart'),
    description: i18nKey(
      'The classic. Great for showing how much of a company each investor gets, what demographics follow your blog, or what portion of the budget goes to the military industrial complex.',
    ),
    category: i18nKey('Part of a Whole'),
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    tags: [
      'FEATURED',
      'ECharts',
      i18nKey('Categorical'),
      i18nKey('Circular'),
      i18nKey('Percentages'),
      i18nKey('Proportional'),
      i18nKey('Popular'),
    ],
    thumbnail: svgThumbnail(
      '<circle cx="60" cy="40" r="30" fill="#1FA8C9"/><path d="M60 40V10A30 30 0 0 1 88 50Z" fill="#454E7C"/><path d="M60 40L88 50A30 30 0 0 1 50 68Z" fill="#5AC189"/>',
    ),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('./Chart'),
});

export default plugin;
