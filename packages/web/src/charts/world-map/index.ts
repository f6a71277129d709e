// The World Map viz type (world_map): a metric per country as a choropleth, with optional bubbles.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { svgThumbnail } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const plugin = definePlugin({
  vizType: 'world_map',
  metadata: {
    name: i18nKey('World Map'),
    description: i18nKey(
      'A map of the world, that can indicate values in different countries. Countries are matched by ISO 3166 code (alpha-2 or alpha-3) or by name.',
    ),
    category: i18nKey('Map'),
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    tags: [
      i18nKey('2D'),
      i18nKey('Comparison'),
      i18nKey('Intensity'),
      i18nKey('Multi-Dimensions'),
      i18nKey('Multi-Layers'),
      i18nKey('Multi-Variables'),
      i18nKey('Scatter'),
    ],
    thumbnail: svgThumbnail(
      '<path d="M14 22l14-6 16 4 4 12-8 10-14 2-8-8z" fill="#8FD3E4"/><path d="M40 48l10 2 4 12-6 12-8-10z" fill="#1FA8C9"/><path d="M58 16l18-2 30 6 4 14-10 10-16-2-6 8-10-4-4-12z" fill="#2367AC"/><path d="M62 42l12 2 4 14-8 8-8-10z" fill="#63C1BF"/><path d="M92 52l12 2 2 10-10 2z" fill="#A9E3AF"/>',
    ),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('./Chart'),
});

export default plugin;
