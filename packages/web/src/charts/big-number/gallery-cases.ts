// Gallery cases of the big_number viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { avgHigh, monthly } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { avgMax } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'big_number',
      title: 'Big number with trendline — weekly average max temperature',
      dataset: 'weather',
      formData: {
        x_axis: 'ds',
        time_grain_sqla: 'P1W',
        metric: avgMax,
        adhoc_filters: [],
        compare_lag: 1,
        compare_suffix: 'WoW',
        y_axis_format: '.1f',
      },
    },
  ],
  example: {
    table: 'weather',
    formData: { ...monthly, metric: avgHigh, compare_lag: 12, compare_suffix: 'over last year', y_axis_format: '.1f' },
  },
};

export default cases;
