// Annotation layers and annotations in the shapes of Superset's /api/v1/annotation_layer/ answers.
import { humanizeDelta } from '@nezha/core';
import type { AnnotationLayerRecord, AnnotationRecord, UserNames } from '../store/annotations.js';

type Audit = UserNames & { created_by_fk: number | null; changed_by_fk: number | null };

/** Superset's created_by / changed_by: the user's id and names, null when the user is gone. */
export function auditUsers(row: Audit) {
  return {
    created_by:
      row.created_by_fk === null
        ? null
        : {
            id: row.created_by_fk,
            first_name: row.created_by_first_name ?? '',
            last_name: row.created_by_last_name ?? '',
          },
    changed_by:
      row.changed_by_fk === null
        ? null
        : {
            id: row.changed_by_fk,
            first_name: row.changed_by_first_name ?? '',
            last_name: row.changed_by_last_name ?? '',
          },
  };
}

export function serializeAnnotationLayer(row: AnnotationLayerRecord) {
  return {
    id: row.id,
    name: row.name,
    descr: row.descr,
    ...auditUsers(row),
    created_on: row.created_on,
    changed_on: row.changed_on,
    changed_on_delta_humanized: humanizeDelta(row.changed_on),
  };
}

export function serializeAnnotation(row: AnnotationRecord) {
  return {
    id: row.id,
    short_descr: row.short_descr,
    long_descr: row.long_descr,
    start_dttm: row.start_dttm,
    end_dttm: row.end_dttm,
    json_metadata: row.json_metadata,
    layer: { id: row.layer_id, name: row.layer_name },
    ...auditUsers(row),
    changed_on_delta_humanized: humanizeDelta(row.changed_on),
  };
}

/** The columns Superset's chart data answers for a NATIVE annotation layer, in its order. */
export const NATIVE_ANNOTATION_COLUMNS = ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'];

export function nativeAnnotationRecord(row: AnnotationRecord) {
  return {
    start_dttm: row.start_dttm,
    end_dttm: row.end_dttm,
    short_descr: row.short_descr,
    long_descr: row.long_descr,
    json_metadata: row.json_metadata,
  };
}
