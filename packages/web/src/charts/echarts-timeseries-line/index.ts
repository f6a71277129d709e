// The Line Chart viz type (echarts_timeseries_line): time series drawn as lines.

import { i18nKey } from '../../i18n/i18n';
import { svgThumbnail, THUMBNAIL_AXES } from '../shared/thumbnail';
import { createTimeseriesPlugin } from '../shared/timeseries/create-plugin';

export default createTimeseriesPlugin({
  vizType: 'echarts_timeseries_line',
  seriesType: 'line',
  seriesTypeChoices: true,
  metadata: {
    name: i18nKey('Line Chart'),
    description: i18nKey(
      'Line chart is used to visualize measurements taken over a given category. Line chart is a type of chart which displays information as a series of data points connected by straight line segments.',
    ),
    tags: ['FEATURED', 'ECharts', i18nKey('Line'), i18nKey('Trend'), i18nKey('Popular')],
    thumbnail: svgThumbnail(
      `${THUMBNAIL_AXES}<path d="M14 58L36 40L58 48L80 22L108 30" fill="none" stroke="#1FA8C9" stroke-width="3"/><path d="M14 66L36 56L58 60L80 46L108 50" fill="none" stroke="#454E7C" stroke-width="3"/>`,
    ),
  },
  load: () => import('./Chart'),
});
