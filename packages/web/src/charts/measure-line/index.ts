// The Measure line viz type (measure_line): define saved measures and preview them as lines over time.

import { i18nKey } from '../../i18n/i18n';
import { definePlugin } from '../define-plugin';
import line from '../echarts-timeseries-line';
import { SEMANTIC_CATEGORY } from '../shared/semantic/preview';
import { svgThumbnail, THUMBNAIL_AXES } from '../shared/thumbnail';
import controlPanel from './control-panel';
import { lineFormData } from './line-form-data';

const plugin = definePlugin({
  vizType: 'measure_line',
  metadata: {
    name: i18nKey('Measure Line'),
    description: i18nKey(
      'Defines saved measures and previews them as a line over a time column, by time grain and range.',
    ),
    category: SEMANTIC_CATEGORY,
    behaviors: [],
    tags: [i18nKey('Semantic layer'), i18nKey('Measure'), i18nKey('Line')],
    thumbnail: svgThumbnail(
      `${THUMBNAIL_AXES}<path d="M14 60L36 44L58 50L80 26L108 32" fill="none" stroke="#5AC189" stroke-width="3"/><text x="100" y="20" font-family="Arial" font-size="14" font-weight="700" fill="#5AC189" text-anchor="middle">Σ</text>`,
    ),
    isTimeseries: true,
  },
  controlPanel,
  buildQuery: (formData, options) => line.buildQuery(lineFormData(formData), options),
  transformProps: (chartProps) => line.transformProps({ ...chartProps, formData: lineFormData(chartProps.formData) }),
  load: () => import('../echarts-timeseries-line/Chart'),
});

export default plugin;
