// Gallery cases of the bubble_v2 viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { adhocMetric, where } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { co2, simple } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'bubble_v2',
      title: 'Bubble — GDP vs CO2, bubble size population, by continent',
      dataset: 'co2',
      formData: {
        entity: 'country',
        series: 'continent',
        x: simple('SUM', 'gdp', 'GDP'),
        y: co2,
        size: simple('SUM', 'population', 'Population'),
        xAxisFormat: '$.2s',
        logXAxis: true,
        logYAxis: true,
        max_bubble_size: '30',
        x_axis_label: 'GDP (USD, log)',
        y_axis_label: 'CO2 (Mt, log)',
        legendOrientation: 'top',
      },
    },
  ],
  example: {
    table: 'gapminder',
    formData: {
      entity: 'country',
      series: 'cluster',
      x: adhocMetric('AVG', 'fertility', 'Fertility'),
      y: adhocMetric('AVG', 'life_expect', 'Life expectancy'),
      size: adhocMetric('MAX', 'pop', 'Population'),
      max_bubble_size: '25',
      adhoc_filters: [where('year = 2005')],
    },
  },
};

export default cases;
