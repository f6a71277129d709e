// The shapes of a viz type's gallery cases (its folder's gallery-cases.ts). The cases are pure data, read by the dev
// gallery, its unit test and e2e/viz-gallery.e2e.test.ts: they import nothing but each other and core's types, with
// `.js` paths, because the e2e project (NodeNext) typechecks them too.
import type { QueryFormData } from '@nezha/core';

/** One chart of the dev gallery: form data on one of the sample datasets (gallery/sample-datasets.ts). */
export interface GalleryCase {
  id: string;
  vizType: string;
  title: string;
  dataset: string;
  formData: Omit<QueryFormData, 'datasource' | 'viz_type'>;
  width?: number;
  height?: number;
}

/** The form data e2e/viz-gallery.e2e.test.ts draws in explore, on the example dataset of `table`. */
export interface ExampleCase {
  /** The example table whose dataset the chart reads. */
  table: string;
  formData: Record<string, unknown>;
}

/** What a viz type's folder declares for the galleries. */
export interface VizGalleryCases {
  /** The dev gallery's charts of this viz type (the viz type comes from the folder); at least one. */
  samples: Array<Omit<GalleryCase, 'vizType'>>;
  example: ExampleCase;
}
