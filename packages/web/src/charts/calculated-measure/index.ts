// The Calculated measure viz type (calculated_measure): arithmetic over saved measures, previewed as values.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { SEMANTIC_CATEGORY } from '../shared/semantic/preview';
import { svgThumbnail } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const plugin = definePlugin({
  vizType: 'calculated_measure',
  metadata: {
    name: i18nKey('Calculated Measure'),
    description: i18nKey('Defines a measure as arithmetic over saved measures, such as revenue / orders.'),
    category: SEMANTIC_CATEGORY,
    behaviors: [],
    tags: [i18nKey('Semantic layer'), i18nKey('Measure')],
    thumbnail: svgThumbnail(
      '<text x="60" y="48" font-family="Arial" font-size="22" font-weight="700" fill="#454E7C" text-anchor="middle">a ÷ b</text>',
    ),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('../shared/semantic/PreviewTable'),
});

export default plugin;
