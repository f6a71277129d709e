// The Graph Chart viz type (graph_chart): a network of values joined by weighted edges.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { svgThumbnail } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const plugin = definePlugin({
  vizType: 'graph_chart',
  metadata: {
    name: i18nKey('Graph Chart'),
    description: i18nKey(
      'Displays connections between entities in a graph structure. Useful for mapping relationships and showing which nodes are important in a network.',
    ),
    category: i18nKey('Flow'),
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    tags: [
      'ECharts',
      i18nKey('Circular'),
      i18nKey('Comparison'),
      i18nKey('Directional'),
      i18nKey('Relational'),
      i18nKey('Structural'),
    ],
    thumbnail: svgThumbnail(
      '<g stroke="#bbb" stroke-width="2"><path d="M30 24L60 40L92 20M60 40L44 64M60 40L86 60"/></g><circle cx="60" cy="40" r="9" fill="#1FA8C9"/><circle cx="30" cy="24" r="6" fill="#454E7C"/><circle cx="92" cy="20" r="6" fill="#5AC189"/><circle cx="44" cy="64" r="5" fill="#FF7F44"/><circle cx="86" cy="60" r="7" fill="#E04355"/>',
    ),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('./Chart'),
});

export default plugin;
