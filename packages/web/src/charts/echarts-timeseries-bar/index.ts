// The Bar Chart viz type (echarts_timeseries_bar): time series drawn as bars.

import { i18nKey } from '../../i18n/i18n';
import { svgThumbnail, THUMBNAIL_AXES } from '../shared/thumbnail';
import { createTimeseriesPlugin } from '../shared/timeseries/create-plugin';

export default createTimeseriesPlugin({
  vizType: 'echarts_timeseries_bar',
  seriesType: 'bar',
  bar: true,
  metadata: {
    name: i18nKey('Bar Chart'),
    description: i18nKey('Bar charts are used to show metrics as a series of bars.'),
    tags: ['FEATURED', 'ECharts', i18nKey('Bar'), i18nKey('Popular'), i18nKey('Vertical'), i18nKey('Horizontal')],
    thumbnail: svgThumbnail(
      `${THUMBNAIL_AXES}<rect x="20" y="36" width="12" height="34" fill="#1FA8C9"/><rect x="42" y="20" width="12" height="50" fill="#1FA8C9"/><rect x="64" y="44" width="12" height="26" fill="#1FA8C9"/><rect x="86" y="28" width="12" height="42" fill="#1FA8C9"/>`,
    ),
  },
  load: () => import('./Chart'),
});
