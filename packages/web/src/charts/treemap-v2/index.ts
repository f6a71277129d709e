// The Treemap viz type (treemap_v2): a metric's hierarchy as nested rectangles.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { svgThumbnail } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const plugin = definePlugin({
  vizType: 'treemap_v2',
  metadata: {
    name: i18nKey('Treemap'),
    description: i18nKey(
      'Show hierarchical relationships of data, with the value represented by area, showing proportion and contribution to the whole.',
    ),
    category: i18nKey('Part of a Whole'),
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    tags: ['ECharts', i18nKey('Categorical'), i18nKey('Proportional'), i18nKey('Multi-Levels')],
    thumbnail: svgThumbnail(
      '<rect x="8" y="8" width="62" height="64" fill="#1FA8C9"/><rect x="72" y="8" width="40" height="36" fill="#454E7C"/><rect x="72" y="46" width="20" height="26" fill="#5AC189"/><rect x="94" y="46" width="18" height="26" fill="#FF7F44"/>',
    ),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('./Chart'),
});

export default plugin;
