// Gallery cases of the treemap_v2 viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { co2Total, countries2018 } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { co2 } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'treemap_v2',
      title: 'Treemap — CO2 by continent and country',
      dataset: 'co2',
      formData: { groupby: ['continent', 'country'], metric: co2, label_type: 'key_value', number_format: ',d' },
    },
  ],
  example: {
    table: 'owid_co2',
    formData: { groupby: ['country'], metric: co2Total, row_limit: 30, adhoc_filters: countries2018 },
  },
};

export default cases;
