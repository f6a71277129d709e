// The Big Number viz type (big_number_total): one metric over the whole selection, as a large number.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { svgThumbnail } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const plugin = definePlugin({
  vizType: 'big_number_total',
  metadata: {
    name: i18nKey('Big Number'),
    description: i18nKey(
      'Showcases a single metric front-and-center. Big number is best used to call attention to a KPI or the one thing you want your audience to focus on.',
    ),
    category: i18nKey('KPI'),
    behaviors: ['DRILL_TO_DETAIL'],
    tags: [
      'FEATURED',
      i18nKey('Additive'),
      i18nKey('Business'),
      i18nKey('Legacy'),
      i18nKey('Percentages'),
      i18nKey('Report'),
    ],
    thumbnail: svgThumbnail(
      '<text x="60" y="50" font-family="Arial" font-size="34" font-weight="700" fill="#1f1f1f" text-anchor="middle">12.3k</text><rect x="36" y="58" width="48" height="5" rx="2" fill="#bbb"/>',
    ),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('./Chart'),
});

export default plugin;
