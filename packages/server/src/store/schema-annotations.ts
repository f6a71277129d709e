// Table types of annotation layers, their annotations and CSS templates (migration 0006), as Kysely sees them.
import type { Generated, Selectable } from 'kysely';

type Id = Generated<number>;
type Timestamp = string;

interface Audited {
  created_on: Timestamp;
  changed_on: Timestamp;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface AnnotationLayerTable extends Audited {
  id: Id;
  name: string;
  descr: string | null;
}

export interface AnnotationTable extends Audited {
  id: Id;
  /** Naive UTC date-times, "YYYY-MM-DDTHH:MM:SS". */
  start_dttm: string;
  end_dttm: string;
  layer_id: number;
  short_descr: string;
  long_descr: string | null;
  json_metadata: string | null;
}

export interface CssTemplateTable extends Audited {
  id: Id;
  template_name: string;
  css: string;
}

export interface AnnotationTables {
  annotation_layer: AnnotationLayerTable;
  annotation: AnnotationTable;
  css_templates: CssTemplateTable;
}

export type AnnotationLayerRow = Selectable<AnnotationLayerTable>;
export type AnnotationRow = Selectable<AnnotationTable>;
export type CssTemplateRow = Selectable<CssTemplateTable>;
