// The Area Chart viz type (echarts_area): time series drawn as stacked areas.

import { i18nKey } from '../../i18n/i18n';
import { svgThumbnail, THUMBNAIL_AXES } from '../shared/thumbnail';
import { createTimeseriesPlugin } from '../shared/timeseries/create-plugin';

export default createTimeseriesPlugin({
  vizType: 'echarts_area',
  seriesType: 'line',
  area: true,
  stack: true,
  seriesTypeChoices: true,
  metadata: {
    name: i18nKey('Area Chart'),
    description: i18nKey(
      'Area charts are similar to line charts in that they represent variables with the same scale, but area charts stack the metrics on top of each other.',
    ),
    tags: ['FEATURED', 'ECharts', i18nKey('Stacked'), i18nKey('Trend'), i18nKey('Popular')],
    thumbnail: svgThumbnail(
      `${THUMBNAIL_AXES}<path d="M12 70L12 50L36 38L60 46L84 26L112 34L112 70Z" fill="#1FA8C9" opacity=".8"/><path d="M12 70L12 60L36 54L60 58L84 46L112 52L112 70Z" fill="#454E7C" opacity=".9"/>`,
    ),
  },
  load: () => import('./Chart'),
});
