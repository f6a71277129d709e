// Gallery cases of the table viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { sumNum } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { births, simple } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'table',
      title: 'Table — births by name, cell bars, conditional colour, summary',
      dataset: 'birth_names',
      formData: {
        query_mode: 'aggregate',
        groupby: ['name', 'gender'],
        metrics: [births, simple('MAX', 'num', 'Max per state')],
        percent_metrics: [births],
        show_totals: true,
        include_search: true,
        row_limit: 100,
        conditional_formatting: [{ column: 'Max per state', operator: '>', targetValue: 4000, colorScheme: '#E04355' }],
      },
    },
    {
      id: 'table-raw',
      title: 'Table — raw weather records, server pagination',
      dataset: 'weather',
      formData: {
        query_mode: 'raw',
        all_columns: ['ds', 'city', 'temp_max', 'temp_min', 'precipitation'],
        server_pagination: true,
        server_page_length: 20,
        row_limit: 1000,
        table_timestamp_format: '%Y-%m-%d',
        column_config: { temp_max: { d3NumberFormat: '.1f' }, temp_min: { d3NumberFormat: '.1f' } },
      },
    },
  ],
  example: {
    table: 'birth_names',
    formData: { query_mode: 'aggregate', groupby: ['name', 'gender'], metrics: [sumNum], row_limit: 100 },
  },
};

export default cases;
