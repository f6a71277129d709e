// Gallery cases of the world_map viz type: form data on the dev gallery's sample data, and the recipe on the
// example datasets that e2e/viz-gallery.e2e.test.ts draws in explore.
import { co2Total, countries2018 } from '../gallery/example-metrics.js';
import type { VizGalleryCases } from '../gallery/gallery-case.js';
import { co2, simple } from '../gallery/sample-metrics.js';

const cases: VizGalleryCases = {
  samples: [
    {
      id: 'world_map',
      title: 'World map — CO2 by country (ISO alpha-3), bubbles by population',
      dataset: 'co2',
      formData: {
        entity: 'iso_code',
        country_fieldtype: 'cca3',
        metric: co2,
        secondary_metric: simple('SUM', 'population', 'Population'),
        show_bubbles: true,
        max_bubble_size: 22,
        linear_color_scheme: 'superset_seq_1',
        y_axis_format: ',d',
      },
    },
  ],
  example: {
    table: 'owid_co2',
    formData: { entity: 'iso_code', country_fieldtype: 'cca3', metric: co2Total, adhoc_filters: countries2018 },
  },
};

export default cases;
