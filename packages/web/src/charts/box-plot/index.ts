// The Box Plot viz type (box_plot): the distribution of metrics per group as boxes, whiskers and outliers.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { svgThumbnail, THUMBNAIL_AXES } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const box = (x: number, low: number, q1: number, q3: number, high: number) =>
  `<path d="M${x + 8} ${low}V${q3}M${x + 8} ${q1}V${high}M${x + 3} ${low}H${x + 13}M${x + 3} ${high}H${x + 13}" stroke="#1FA8C9" stroke-width="2"/><rect x="${x}" y="${q3}" width="16" height="${q1 - q3}" fill="#8FD3E4" stroke="#1FA8C9" stroke-width="2"/>`;

const plugin = definePlugin({
  vizType: 'box_plot',
  metadata: {
    name: i18nKey('Box Plot'),
    description: i18nKey(
      'Also known as a box and whisker plot, this visualization compares the distributions of a related metric across multiple groups.',
    ),
    category: i18nKey('Distribution'),
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    tags: ['ECharts', i18nKey('Range'), i18nKey('Statistical')],
    thumbnail: svgThumbnail(
      `${THUMBNAIL_AXES}${box(22, 14, 46, 28, 62)}${box(52, 22, 50, 36, 66)}${box(82, 10, 38, 22, 54)}`,
    ),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('./Chart'),
});

export default plugin;
