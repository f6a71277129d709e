// The Heatmap viz type (heatmap_v2): a metric over two categorical axes as coloured cells.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { svgThumbnail } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const cells = [0, 1, 2, 3, 4]
  .flatMap((x) =>
    [0, 1, 2, 3].map(
      (y) =>
        `<rect x="${14 + x * 19}" y="${8 + y * 16}" width="18" height="15" fill="#1FA8C9" opacity="${(0.2 + ((x * 3 + y * 5) % 8) / 10).toFixed(1)}"/>`,
    ),
  )
  .join('');

const plugin = definePlugin({
  vizType: 'heatmap_v2',
  metadata: {
    name: i18nKey('Heatmap'),
    description: i18nKey(
      'Visualize a related metric across pairs of groups. Heatmaps excel at showcasing the correlation or strength between two groups.',
    ),
    category: i18nKey('Correlation'),
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    tags: ['ECharts', i18nKey('Business'), i18nKey('Intensity'), i18nKey('Density'), i18nKey('Single Metric')],
    thumbnail: svgThumbnail(cells),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('./Chart'),
});

export default plugin;
