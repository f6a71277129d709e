// Gallery cases of the echarts_timeseries_smooth viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { adhocMetric, avgHigh } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { avgMax, simple } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'echarts_timeseries_smooth',
      title: 'Smooth line — weekly min and max, 4-week rolling mean',
      dataset: 'weather',
      formData: {
        x_axis: 'ds',
        time_grain_sqla: 'P1W',
        metrics: [simple('AVG', 'temp_min', 'Min temp'), avgMax],
        rolling_type: 'mean',
        rolling_periods: 4,
        min_periods: 1,
        y_axis_format: ',.1f',
      },
    },
  ],
  example: {
    table: 'seattle_weather',
    formData: {
      x_axis: 'date',
      time_grain_sqla: 'P1W',
      metrics: [adhocMetric('AVG', 'temp_min', 'Average low (°C)'), avgHigh],
      rolling_type: 'mean',
      rolling_periods: 4,
      min_periods: 1,
      y_axis_format: '.1f',
    },
  },
};

export default cases;
