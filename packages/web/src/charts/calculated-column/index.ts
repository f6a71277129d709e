// The Calculated column viz type (calculated_column): a dataset column with a method such as HOUR_OF_DAY
// (numeric) or DATETIME (temporal), previewed as its values grouped with their counts.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { SEMANTIC_CATEGORY } from '../shared/semantic/preview';
import { svgThumbnail } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps, { calculatedValues } from './transform-props';

const plugin = definePlugin({
  vizType: 'calculated_column',
  metadata: {
    name: i18nKey('Calculated Column'),
    description: i18nKey(
      'Derives a column from a dataset column with a method: a time part such as hour of day, or a datetime.',
    ),
    category: SEMANTIC_CATEGORY,
    behaviors: [],
    tags: [i18nKey('Semantic layer'), i18nKey('Column')],
    thumbnail: svgThumbnail(
      '<rect x="20" y="10" width="28" height="60" fill="#f5f7f8" stroke="#bbb"/><path d="M54 40H66" stroke="#454E7C" stroke-width="3"/><path d="M62 34L68 40L62 46" fill="none" stroke="#454E7C" stroke-width="3"/><rect x="72" y="10" width="28" height="60" fill="#e6f4ff" stroke="#1FA8C9"/>',
    ),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('../shared/semantic/PreviewTable'),
  // The preview regroups the source values by the method's result: it draws fewer rows than the query returned.
  drawnRowCount: (chartProps) => calculatedValues(chartProps).rowcount,
});

export default plugin;
