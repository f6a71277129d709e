// The Scatter Plot viz type (echarts_timeseries_scatter): time series drawn as points.

import { i18nKey } from '../../i18n/i18n';
import { svgThumbnail, THUMBNAIL_AXES } from '../shared/thumbnail';
import { createTimeseriesPlugin } from '../shared/timeseries/create-plugin';

export default createTimeseriesPlugin({
  vizType: 'echarts_timeseries_scatter',
  seriesType: 'scatter',
  metadata: {
    name: i18nKey('Scatter Plot'),
    description: i18nKey(
      'Scatter Plot has the horizontal axis in linear units, and the points are connected in order. It shows a statistical relationship between two variables.',
    ),
    tags: ['ECharts', i18nKey('Scatter'), i18nKey('Time'), i18nKey('Trend')],
    thumbnail: svgThumbnail(
      `${THUMBNAIL_AXES}<g fill="#1FA8C9"><circle cx="22" cy="52" r="3.5"/><circle cx="34" cy="44" r="3.5"/><circle cx="48" cy="50" r="3.5"/><circle cx="60" cy="34" r="3.5"/><circle cx="74" cy="38" r="3.5"/><circle cx="88" cy="24" r="3.5"/><circle cx="102" cy="30" r="3.5"/></g>`,
    ),
  },
  load: () => import('./Chart'),
});
