// The Smooth Line viz type (echarts_timeseries_smooth): time series drawn as smooth lines.

import { i18nKey } from '../../i18n/i18n';
import { svgThumbnail, THUMBNAIL_AXES } from '../shared/thumbnail';
import { createTimeseriesPlugin } from '../shared/timeseries/create-plugin';

export default createTimeseriesPlugin({
  vizType: 'echarts_timeseries_smooth',
  seriesType: 'smooth',
  metadata: {
    name: i18nKey('Smooth Line'),
    description: i18nKey(
      'Smooth-line is a variation of the line chart. Without angles and hard edges, Smooth-line sometimes looks smarter and more professional.',
    ),
    tags: ['ECharts', i18nKey('Line'), i18nKey('Trend'), i18nKey('Aesthetic')],
    thumbnail: svgThumbnail(
      `${THUMBNAIL_AXES}<path d="M14 58C30 30 44 60 60 44S90 14 108 28" fill="none" stroke="#1FA8C9" stroke-width="3"/>`,
    ),
  },
  load: () => import('./Chart'),
});
