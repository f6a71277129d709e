// The Big Number with Trendline viz type (big_number): the latest value of a metric, its change, and its trend.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { svgThumbnail } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const plugin = definePlugin({
  vizType: 'big_number',
  metadata: {
    name: i18nKey('Big Number with Trendline'),
    description: i18nKey(
      'Showcases a single number accompanied by a simple line chart, to call attention to an important metric along with its change over time or other dimension.',
    ),
    category: i18nKey('KPI'),
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
    tags: [
      'FEATURED',
      i18nKey('Advanced-Analytics'),
      i18nKey('Line'),
      i18nKey('Percentages'),
      i18nKey('Text'),
      i18nKey('Trend'),
    ],
    thumbnail: svgThumbnail(
      '<text x="60" y="36" font-family="Arial" font-size="26" font-weight="700" fill="#1f1f1f" text-anchor="middle">8.4k</text><path d="M8 72L24 64L40 68L56 56L72 60L88 48L112 52V78H8Z" fill="#007A87" opacity=".25"/><path d="M8 72L24 64L40 68L56 56L72 60L88 48L112 52" fill="none" stroke="#007A87" stroke-width="2.5"/>',
    ),
    isTimeseries: true,
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('./Chart'),
});

export default plugin;
