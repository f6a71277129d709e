// Gallery cases of the pivot_table_v2 viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { avgHigh } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { births } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'pivot_table_v2',
      title: 'Pivot table — births by gender/name × year, totals',
      dataset: 'birth_names',
      formData: {
        groupbyRows: ['gender', 'name'],
        groupbyColumns: ['ds'],
        time_grain_sqla: 'P1Y',
        metrics: [births],
        rowTotals: true,
        colTotals: true,
        rowSubTotals: true,
        date_format: '%Y',
        valueFormat: ',d',
        row_limit: 10000,
      },
    },
  ],
  example: {
    table: 'weather',
    formData: {
      groupbyRows: ['weather'],
      groupbyColumns: ['location'],
      metrics: [avgHigh],
      aggregateFunction: 'Average',
      rowTotals: true,
      colTotals: true,
      valueFormat: '.1f',
    },
  },
};

export default cases;
