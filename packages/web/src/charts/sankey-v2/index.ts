// The Sankey Chart viz type (sankey_v2): flows between the values of a source and a target column.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { svgThumbnail } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const plugin = definePlugin({
  vizType: 'sankey_v2',
  metadata: {
    name: i18nKey('Sankey Chart'),
    description: i18nKey(
      'The Sankey chart visually tracks the movement and transformation of values across system stages. Nodes represent stages, connected by links depicting value flow.',
    ),
    category: i18nKey('Flow'),
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    tags: ['ECharts', i18nKey('Directional'), i18nKey('Distribution'), i18nKey('Flow')],
    thumbnail: svgThumbnail(
      '<rect x="10" y="8" width="8" height="36" fill="#1FA8C9"/><rect x="10" y="50" width="8" height="22" fill="#454E7C"/><rect x="102" y="8" width="8" height="24" fill="#5AC189"/><rect x="102" y="38" width="8" height="34" fill="#FF7F44"/><path d="M18 8C60 8 60 8 102 8V32C60 32 60 26 18 26Z" fill="#1FA8C9" opacity=".35"/><path d="M18 26C60 26 60 38 102 38V56C60 56 60 44 18 44Z" fill="#1FA8C9" opacity=".25"/><path d="M18 50C60 50 60 56 102 56V72C60 72 60 72 18 72Z" fill="#454E7C" opacity=".3"/>',
    ),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('./Chart'),
});

export default plugin;
