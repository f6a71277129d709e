// Gallery cases of the mixed_timeseries viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { avgHigh, monthly, precipitation } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { avgMax, simple } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'mixed_timeseries',
      title: 'Mixed — monthly precipitation (bars, right) and max temp (line, left)',
      dataset: 'weather',
      formData: {
        x_axis: 'ds',
        time_grain_sqla: 'P1M',
        metrics: [avgMax],
        metrics_b: [simple('SUM', 'precipitation', 'Precipitation (mm)')],
        seriesType: 'line',
        seriesTypeB: 'bar',
        yAxisIndex: 0,
        yAxisIndexB: 1,
        y_axis_format: ',.1f',
        y_axis_format_secondary: ',d',
        y_axis_title: '°C',
        yAxisTitleSecondary: 'mm',
        markerEnabled: true,
        x_axis_time_format: '%b',
      },
    },
  ],
  example: {
    table: 'seattle_weather',
    formData: {
      ...monthly,
      metrics: [avgHigh],
      metrics_b: [precipitation],
      seriesType: 'line',
      seriesTypeB: 'bar',
      yAxisIndex: 0,
      yAxisIndexB: 1,
      y_axis_format: '.1f',
      y_axis_format_secondary: ',d',
    },
  },
};

export default cases;
