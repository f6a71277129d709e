// The Waterfall Chart viz type (waterfall): how consecutive increases and decreases add up to a total.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { svgThumbnail, THUMBNAIL_AXES } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const plugin = definePlugin({
  vizType: 'waterfall',
  metadata: {
    name: i18nKey('Waterfall Chart'),
    description: i18nKey(
      'A waterfall chart is a form of data visualization that helps in understanding the cumulative effect of sequentially introduced positive or negative values.',
    ),
    category: i18nKey('Evolution'),
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    tags: ['ECharts', i18nKey('Categorical'), i18nKey('Comparison'), i18nKey('Trend')],
    thumbnail: svgThumbnail(
      `${THUMBNAIL_AXES}<rect x="18" y="44" width="14" height="26" fill="#5AC189"/><rect x="36" y="24" width="14" height="20" fill="#5AC189"/><rect x="54" y="24" width="14" height="14" fill="#E04355"/><rect x="72" y="16" width="14" height="22" fill="#5AC189"/><rect x="90" y="16" width="14" height="54" fill="#666"/>`,
    ),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('./Chart'),
});

export default plugin;
