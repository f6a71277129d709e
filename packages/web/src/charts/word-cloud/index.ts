// The Word Cloud viz type (word_cloud): the values of a column sized by a metric.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { svgThumbnail } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const plugin = definePlugin({
  vizType: 'word_cloud',
  metadata: {
    name: i18nKey('Word Cloud'),
    description: i18nKey(
      'Visualizes the words in a column that appear the most often. Bigger font corresponds to higher frequency.',
    ),
    category: i18nKey('Ranking'),
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    tags: [i18nKey('Categorical'), i18nKey('Comparison'), i18nKey('Density'), i18nKey('Single Metric')],
    thumbnail: svgThumbnail(
      '<g font-family="Arial" font-weight="700" text-anchor="middle"><text x="60" y="46" font-size="22" fill="#1FA8C9">Nezha</text><text x="28" y="26" font-size="11" fill="#454E7C">charts</text><text x="92" y="24" font-size="13" fill="#5AC189">data</text><text x="34" y="66" font-size="12" fill="#FF7F44">query</text><text x="90" y="64" font-size="10" fill="#E04355">words</text><text x="104" y="44" font-size="9" fill="#A868B7" transform="rotate(90 104 44)">sql</text></g>',
    ),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('./Chart'),
});

export default plugin;
