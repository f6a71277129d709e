// The Saved column viz type (saved_column): a column of the dataset defined by a SQL expression.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { SEMANTIC_CATEGORY } from '../shared/semantic/preview';
import { svgThumbnail } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const plugin = definePlugin({
  vizType: 'saved_column',
  metadata: {
    name: i18nKey('Saved Column'),
    description: i18nKey('Defines a column of the dataset with a SQL expression, for charts to group and filter by.'),
    category: SEMANTIC_CATEGORY,
    behaviors: [],
    tags: [i18nKey('Semantic layer'), i18nKey('Column')],
    thumbnail: svgThumbnail(
      '<rect x="44" y="10" width="32" height="60" fill="#e6f4ff" stroke="#1FA8C9"/><text x="60" y="46" font-family="monospace" font-size="14" fill="#454E7C" text-anchor="middle">f(x)</text>',
    ),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('../shared/semantic/PreviewTable'),
});

export default plugin;
