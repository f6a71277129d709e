// The Cohort viz type (cohort): the members of a group of rows (distinct dimension values passing filters),
// saved so that charts can filter on them with the Cohort tab.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import { SEMANTIC_CATEGORY } from '../shared/semantic/preview';
import { svgThumbnail, THUMBNAIL_COLORS } from '../shared/thumbnail';
import buildQuery from './build-query';
import controlPanel from './control-panel';
import transformProps from './transform-props';

const dots = [20, 40, 60, 80, 100]
  .map((x, at) => `<circle cx="${x}" cy="${30 + (at % 2) * 20}" r="8" fill="${THUMBNAIL_COLORS[at % 3]}"/>`)
  .join('');

const plugin = definePlugin({
  vizType: 'cohort',
  metadata: {
    name: i18nKey('Cohort'),
    description: i18nKey(
      'Defines a cohort: the members (distinct values of its dimensions) of the rows its filters keep.',
    ),
    category: SEMANTIC_CATEGORY,
    behaviors: [],
    tags: [i18nKey('Semantic layer'), i18nKey('Cohort')],
    thumbnail: svgThumbnail(`<rect x="8" y="16" width="104" height="48" rx="10" fill="none" stroke="#bbb"/>${dots}`),
  },
  controlPanel,
  buildQuery,
  transformProps,
  load: () => import('../shared/semantic/PreviewTable'),
});

export default plugin;
