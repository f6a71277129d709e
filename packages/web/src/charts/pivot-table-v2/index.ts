// The Pivot Table viz type (pivot_table_v2): metrics summarised by row and column dimensions, with totals.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { svgThumbnail } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import { pivotCsv } from './pivot-csv';
import transformProps from './transform-props';

const grid = [0, 1, 2, 3]
  .flatMap((row) =>
    [0, 1, 2].map(
      (col) =>
        `<rect x="${46 + col * 22}" y="${28 + row * 11}" width="21" height="10" fill="${row === 3 || col === 2 ? '#e6ebf0' : '#f5f7f8'}"/>`,
    ),
  )
  .join('');

const plugin = definePlugin({
  vizType: 'pivot_table_v2',
  metadata: {
    name: i18nKey('Pivot Table'),
    description: i18nKey(
      'Used to summarize a set of data by grouping together multiple statistics along two axes. Examples: Sales numbers by region and month, tasks by status and assignee, active users by age and location.',
    ),
    category: i18nKey('Table'),
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    tags: [i18nKey('Additive'), i18nKey('Report'), i18nKey('Tabular'), i18nKey('Popular')],
    thumbnail: svgThumbnail(
      `<rect x="46" y="8" width="65" height="9" fill="#cfd8e0"/><rect x="46" y="18" width="65" height="9" fill="#e6ebf0"/><rect x="8" y="28" width="37" height="43" fill="#e6ebf0"/>${grid}`,
    ),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('./Chart'),
  exportCsv: (chartProps) => pivotCsv(transformProps(chartProps)),
});

export default plugin;
