// Annotation layers and their annotations in the metadata store, with the names of who created and changed them.
import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import { andAll, filterCondition, type ListOptions } from './list.js';
import type { MetadataSchema } from './schema.js';
import type { AnnotationLayerRow, AnnotationRow } from './schema-annotations.js';
import { nowIso } from './time.js';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

/** Columns a layer list may filter or order on, mapped to trusted references. */
export const ANNOTATION_LAYER_LIST_COLUMNS: Record<string, string> = {
  id: 'annotation_layer.id',
  name: 'annotation_layer.name',
  descr: 'annotation_layer.descr',
  created_on: 'annotation_layer.created_on',
  changed_on: 'annotation_layer.changed_on',
  changed_on_delta_humanized: 'annotation_layer.changed_on',
  created_by: 'annotation_layer.created_by_fk',
  changed_by: 'annotation_layer.changed_by_fk',
  'created_by.first_name': 'creator.first_name',
  'changed_by.first_name': 'changer.first_name',
};

/** Columns an annotation list may filter or order on. */
export const ANNOTATION_LIST_COLUMNS: Record<string, string> = {
  id: 'annotation.id',
  short_descr: 'annotation.short_descr',
  long_descr: 'annotation.long_descr',
  start_dttm: 'annotation.start_dttm',
  end_dttm: 'annotation.end_dttm',
  created_on: 'annotation.created_on',
  changed_on: 'annotation.changed_on',
  changed_on_delta_humanized: 'annotation.changed_on',
  created_by: 'annotation.created_by_fk',
  changed_by: 'annotation.changed_by_fk',
  'created_by.first_name': 'creator.first_name',
  'changed_by.first_name': 'changer.first_name',
};

export interface UserNames {
  created_by_first_name: string | null;
  created_by_last_name: string | null;
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
}

export type AnnotationLayerRecord = AnnotationLayerRow & UserNames;
export type AnnotationRecord = AnnotationRow & UserNames & { layer_name: string };

export interface AnnotationLayerValues {
  name: string;
  descr: string | null;
}

export interface AnnotationValues {
  short_descr: string;
  long_descr: string | null;
  start_dttm: string;
  end_dttm: string;
  json_metadata: string | null;
}

function layersWithNames(db: Db) {
  return db
    .selectFrom('annotation_layer')
    .leftJoin('ab_user as creator', 'creator.id', 'annotation_layer.created_by_fk')
    .leftJoin('ab_user as changer', 'changer.id', 'annotation_layer.changed_by_fk')
    .selectAll('annotation_layer')
    .select([
      'creator.first_name as created_by_first_name',
      'creator.last_name as created_by_last_name',
      'changer.first_name as changed_by_first_name',
      'changer.last_name as changed_by_last_name',
    ]);
}

function annotationsWithNames(db: Db) {
  return db
    .selectFrom('annotation')
    .innerJoin('annotation_layer', 'annotation_layer.id', 'annotation.layer_id')
    .leftJoin('ab_user as creator', 'creator.id', 'annotation.created_by_fk')
    .leftJoin('ab_user as changer', 'changer.id', 'annotation.changed_by_fk')
    .selectAll('annotation')
    .select([
      'annotation_layer.name as layer_name',
      'creator.first_name as created_by_first_name',
      'creator.last_name as created_by_last_name',
      'changer.first_name as changed_by_first_name',
      'changer.last_name as changed_by_last_name',
    ]);
}

function conditionsOf(columns: Record<string, string>, options: ListOptions, fallback: string) {
  return options.filters.map((f) => filterCondition(columns[f.col] ?? fallback, f.opr, f.value));
}

export async function listAnnotationLayers(db: Db, options: ListOptions) {
  const where = andAll(conditionsOf(ANNOTATION_LAYER_LIST_COLUMNS, options, 'annotation_layer.id'));
  const { count } = await db
    .selectFrom('annotation_layer')
    .leftJoin('ab_user as creator', 'creator.id', 'annotation_layer.created_by_fk')
    .leftJoin('ab_user as changer', 'changer.id', 'annotation_layer.changed_by_fk')
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const orderRef = ANNOTATION_LAYER_LIST_COLUMNS[options.orderColumn ?? 'name'] ?? 'annotation_layer.name';
  const rows: AnnotationLayerRecord[] = await layersWithNames(db)
    .where(where)
    .orderBy(sql.ref(orderRef), options.orderDirection)
    .orderBy('annotation_layer.id', options.orderDirection)
    .offset(options.page * options.pageSize)
    .limit(options.pageSize)
    .execute();
  return { count: Number(count), rows };
}

export async function getAnnotationLayer(db: Db, id: number): Promise<AnnotationLayerRecord | undefined> {
  return layersWithNames(db).where('annotation_layer.id', '=', id).executeTakeFirst();
}

export async function layerNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('annotation_layer').select('id').where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertAnnotationLayer(db: Db, userId: number, values: AnnotationLayerValues): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('annotation_layer')
    .values({ ...values, created_on: now, changed_on: now, created_by_fk: userId, changed_by_fk: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAnnotationLayer(
  db: Db,
  userId: number,
  id: number,
  values: Partial<AnnotationLayerValues>,
): Promise<void> {
  await db
    .updateTable('annotation_layer')
    .set({ ...values, changed_on: nowIso(), changed_by_fk: userId })
    .where('id', '=', id)
    .execute();
}

export type LayerDeleteOutcome = 'deleted' | 'missing' | 'has_annotations';

/** All of them or none: any missing id, or any layer still holding annotations, deletes nothing. */
export async function deleteAnnotationLayers(db: Kysely<MetadataSchema>, ids: number[]): Promise<LayerDeleteOutcome> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('annotation_layer').select('id').where('id', 'in', unique).execute();
    if (found.length !== unique.length) return 'missing';
    const used = await trx.selectFrom('annotation').select('id').where('layer_id', 'in', unique).executeTakeFirst();
    if (used) return 'has_annotations';
    await trx.deleteFrom('annotation_layer').where('id', 'in', unique).execute();
    return 'deleted';
  });
}

export async function listAnnotations(db: Db, layerId: number, options: ListOptions) {
  const conditions: Expression<SqlBool>[] = conditionsOf(ANNOTATION_LIST_COLUMNS, options, 'annotation.id');
  conditions.push(sql<SqlBool>`${sql.ref('annotation.layer_id')} = ${layerId}`);
  const where = andAll(conditions);
  const { count } = await db
    .selectFrom('annotation')
    .leftJoin('ab_user as creator', 'creator.id', 'annotation.created_by_fk')
    .leftJoin('ab_user as changer', 'changer.id', 'annotation.changed_by_fk')
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const orderRef = ANNOTATION_LIST_COLUMNS[options.orderColumn ?? 'short_descr'] ?? 'annotation.short_descr';
  const rows: AnnotationRecord[] = await annotationsWithNames(db)
    .where(where)
    .orderBy(sql.ref(orderRef), options.orderDirection)
    .orderBy('annotation.id', options.orderDirection)
    .offset(options.page * options.pageSize)
    .limit(options.pageSize)
    .execute();
  return { count: Number(count), rows };
}

/** Every annotation of the layers, oldest first: what a chart's NATIVE annotation layers draw. */
export async function annotationsOfLayers(db: Db, layerIds: number[]): Promise<AnnotationRecord[]> {
  if (layerIds.length === 0) return [];
  return annotationsWithNames(db)
    .where('annotation.layer_id', 'in', [...new Set(layerIds)])
    .orderBy('annotation.start_dttm')
    .orderBy('annotation.id')
    .execute();
}

export async function getAnnotation(db: Db, layerId: number, id: number): Promise<AnnotationRecord | undefined> {
  return annotationsWithNames(db)
    .where('annotation.id', '=', id)
    .where('annotation.layer_id', '=', layerId)
    .executeTakeFirst();
}

export async function shortDescrTaken(db: Db, layerId: number, shortDescr: string, exceptId?: number) {
  let query = db
    .selectFrom('annotation')
    .select('id')
    .where('layer_id', '=', layerId)
    .where('short_descr', '=', shortDescr);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertAnnotation(db: Db, userId: number, layerId: number, values: AnnotationValues) {
  const now = nowIso();
  const row = await db
    .insertInto('annotation')
    .values({
      ...values,
      layer_id: layerId,
      created_on: now,
      changed_on: now,
      created_by_fk: userId,
      changed_by_fk: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAnnotation(db: Db, userId: number, id: number, values: Partial<AnnotationValues>) {
  await db
    .updateTable('annotation')
    .set({ ...values, changed_on: nowIso(), changed_by_fk: userId })
    .where('id', '=', id)
    .execute();
}

/** All of them or none: false when any id is missing from the layer. */
export async function deleteAnnotations(db: Kysely<MetadataSchema>, layerId: number, ids: number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('annotation')
      .select('id')
      .where('id', 'in', unique)
      .where('layer_id', '=', layerId)
      .execute();
    if (found.length !== unique.length) return false;
    await trx.deleteFrom('annotation').where('id', 'in', unique).execute();
    return true;
  });
}
