// The Measure viz type (measure): define saved measures of the dataset and preview their values.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { SEMANTIC_CATEGORY } from '../shared/semantic/preview';
import { svgThumbnail } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const plugin = definePlugin({
  vizType: 'measure',
  metadata: {
    name: i18nKey('Measure'),
    description: i18nKey(
      'Defines saved measures: named aggregates over a column or custom SQL, usable as metrics in every chart of the dataset.',
    ),
    category: SEMANTIC_CATEGORY,
    behaviors: [],
    tags: [i18nKey('Semantic layer'), i18nKey('Measure')],
    thumbnail: svgThumbnail(
      '<text x="60" y="44" font-family="Arial" font-size="26" font-weight="700" fill="#1FA8C9" text-anchor="middle">Σ x</text><rect x="30" y="54" width="60" height="5" rx="2" fill="#bbb"/>',
    ),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('../shared/semantic/PreviewTable'),
});

export default plugin;
