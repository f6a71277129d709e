// The Stepped Line viz type (echarts_timeseries_step): time series drawn as stepped lines.

import { i18nKey } from '../../i18n/i18n';
import { svgThumbnail, THUMBNAIL_AXES } from '../shared/thumbnail';
import { createTimeseriesPlugin } from '../shared/timeseries/create-plugin';

export default createTimeseriesPlugin({
  vizType: 'echarts_timeseries_step',
  seriesType: 'start',
  seriesTypeChoices: true,
  metadata: {
    name: i18nKey('Stepped Line'),
    description: i18nKey(
      'Stepped-line graph (also called step chart) is a variation of line chart but with the line forming a series of steps between data points.',
    ),
    tags: ['ECharts', i18nKey('Line'), i18nKey('Step'), i18nKey('Trend')],
    thumbnail: svgThumbnail(
      `${THUMBNAIL_AXES}<path d="M14 58H34V40H56V50H78V24H108" fill="none" stroke="#1FA8C9" stroke-width="3"/>`,
    ),
  },
  load: () => import('./Chart'),
});
