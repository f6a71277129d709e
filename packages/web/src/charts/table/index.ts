// The Table viz type (table): aggregated or raw rows, with formats, cell bars, conditional colours and paging.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { svgThumbnail } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const rows = [0, 1, 2, 3]
  .map(
    (at) =>
      `<rect x="10" y="${26 + at * 12}" width="100" height="11" fill="${at % 2 ? '#fff' : '#f5f7f8'}"/><rect x="14" y="${30 + at * 12}" width="30" height="3" fill="#999"/><rect x="${80 - at * 6}" y="${28 + at * 12}" width="${26 + at * 6}" height="7" fill="#ACE1C4"/>`,
  )
  .join('');

const plugin = definePlugin({
  vizType: 'table',
  metadata: {
    name: i18nKey('Table'),
    description: i18nKey(
      'Classic row-by-column spreadsheet like view of a dataset. Use tables to showcase a view into the underlying data or to show aggregated metrics.',
    ),
    category: i18nKey('Table'),
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
    tags: [
      'FEATURED',
      i18nKey('Additive'),
      i18nKey('Business'),
      i18nKey('Pattern'),
      i18nKey('Report'),
      i18nKey('Sequential'),
      i18nKey('Tabular'),
    ],
    thumbnail: svgThumbnail(`<rect x="10" y="12" width="100" height="13" fill="#e6ebf0"/>${rows}`),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('./Chart'),
});

export default plugin;
