// Annotation layers and their annotations (Superset's annotation layer commands): shared objects that any caller
// with the Annotation permissions reads and changes, validated with Superset's messages.

import type { AppContext } from '../app/context.js';
import { HttpError } from '../errors/nezha-error.js';
import { ValidationError } from '../errors/validation-error.js';
import type { AuthUser } from '../security/current-user.js';
import {
  type AnnotationLayerValues,
  type AnnotationRecord,
  type AnnotationValues,
  annotationsOfLayers,
  deleteAnnotationLayers,
  getAnnotation,
  getAnnotationLayer,
  insertAnnotation,
  insertAnnotationLayer,
  layerNameTaken,
  listAnnotationLayers,
  listAnnotations,
  shortDescrTaken,
  deleteAnnotations as storeDeleteAnnotations,
  updateAnnotation as storeUpdateAnnotation,
  updateAnnotationLayer,
} from '../store/annotations.js';
import type { ListOptions } from '../store/list.js';
import {
  NATIVE_ANNOTATION_COLUMNS,
  nativeAnnotationRecord,
  serializeAnnotation,
  serializeAnnotationLayer,
} from './serialize.js';

const LAYER_NOT_FOUND = 'Annotation layer not found.';
const LAYER_HAS_ANNOTATIONS = 'Annotation layer has associated annotations.';

const notFound = () => new HttpError(404, 'Not found');

function defined<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export async function listLayers(ctx: AppContext, options: ListOptions) {
  const { count, rows } = await listAnnotationLayers(ctx.store.db, options);
  return { count, ids: rows.map((row) => row.id), result: rows.map(serializeAnnotationLayer) };
}

export async function readLayer(ctx: AppContext, id: number) {
  const row = await getAnnotationLayer(ctx.store.db, id);
  if (!row) throw notFound();
  return { id, result: serializeAnnotationLayer(row) };
}

export async function createLayer(ctx: AppContext, user: AuthUser, input: { name: string; descr?: string | null }) {
  if (await layerNameTaken(ctx.store.db, input.name)) throw new ValidationError({ name: ['Name must be unique'] }, 422);
  const values: AnnotationLayerValues = { name: input.name, descr: input.descr ?? null };
  const id = await insertAnnotationLayer(ctx.store.db, user.id, values);
  return { id, result: { name: values.name, descr: values.descr } };
}

export async function updateLayer(ctx: AppContext, user: AuthUser, id: number, input: Partial<AnnotationLayerValues>) {
  if (!(await getAnnotationLayer(ctx.store.db, id))) throw notFound();
  if (input.name !== undefined && (await layerNameTaken(ctx.store.db, input.name, id))) {
    throw new ValidationError({ name: ['Name must be unique'] }, 422);
  }
  const values = defined(input);
  await updateAnnotationLayer(ctx.store.db, user.id, id, values);
  return { id, result: values };
}

export async function deleteLayers(ctx: AppContext, ids: number[]): Promise<void> {
  const outcome = await deleteAnnotationLayers(ctx.store.db, ids);
  if (outcome === 'missing') throw notFound();
  if (outcome === 'has_annotations') throw new HttpError(422, LAYER_HAS_ANNOTATIONS);
}

export async function listLayerAnnotations(ctx: AppContext, layerId: number, options: ListOptions) {
  const { count, rows } = await listAnnotations(ctx.store.db, layerId, options);
  return { count, ids: rows.map((row) => row.id), result: rows.map(serializeAnnotation) };
}

export async function readAnnotation(ctx: AppContext, layerId: number, id: number) {
  const row = await getAnnotation(ctx.store.db, layerId, id);
  if (!row) throw notFound();
  return { id, result: serializeAnnotation(row) };
}

/** Superset's AnnotationDatesValidationError and AnnotationUniquenessValidationError, reported together. */
async function checkAnnotation(
  ctx: AppContext,
  layerId: number,
  values: Pick<AnnotationValues, 'start_dttm' | 'end_dttm' | 'short_descr'>,
  exceptId?: number,
): Promise<void> {
  const problems: Record<string, string[]> = {};
  if (values.end_dttm < values.start_dttm) problems.start_dttm = ['End date must be after start date'];
  if (await shortDescrTaken(ctx.store.db, layerId, values.short_descr, exceptId)) {
    problems.short_descr = ['Short description must be unique for this layer'];
  }
  if (Object.keys(problems).length > 0) throw new ValidationError(problems, 422);
}

export async function createAnnotation(
  ctx: AppContext,
  user: AuthUser,
  layerId: number,
  input: Omit<AnnotationValues, 'long_descr' | 'json_metadata'> & Partial<AnnotationValues>,
) {
  // Superset answers a missing layer on create with a 400 naming it.
  if (!(await getAnnotationLayer(ctx.store.db, layerId))) throw new HttpError(400, LAYER_NOT_FOUND);
  const values: AnnotationValues = {
    short_descr: input.short_descr,
    long_descr: input.long_descr ?? null,
    start_dttm: input.start_dttm,
    end_dttm: input.end_dttm,
    json_metadata: input.json_metadata ?? null,
  };
  await checkAnnotation(ctx, layerId, values);
  const id = await insertAnnotation(ctx.store.db, user.id, layerId, values);
  return { id, result: { ...values, layer: layerId } };
}

export async function updateAnnotation(
  ctx: AppContext,
  user: AuthUser,
  layerId: number,
  id: number,
  input: Partial<AnnotationValues>,
) {
  const current = await getAnnotation(ctx.store.db, layerId, id);
  if (!current) throw notFound();
  const values = defined(input);
  await checkAnnotation(ctx, layerId, { ...current, ...values }, id);
  await storeUpdateAnnotation(ctx.store.db, user.id, id, values);
  return { id, result: { ...values, layer: layerId } };
}

export async function deleteAnnotations(ctx: AppContext, layerId: number, ids: number[]): Promise<void> {
  if (!(await storeDeleteAnnotations(ctx.store.db, layerId, ids))) throw notFound();
}

/**
 * Superset's get_native_annotation_data: each NATIVE layer's annotations under the layer's name in the chart data
 * answer, as {columns, records}. A layer that is gone answers no records rather than failing the chart.
 */
export async function nativeAnnotationData(
  ctx: AppContext,
  layers: ReadonlyArray<{ name: string; layerId: number }>,
): Promise<Record<string, { columns: string[]; records: ReturnType<typeof nativeAnnotationRecord>[] }>> {
  if (layers.length === 0) return {};
  const rows = await annotationsOfLayers(
    ctx.store.db,
    layers.map((layer) => layer.layerId),
  );
  const byLayer = new Map<number, AnnotationRecord[]>();
  for (const row of rows) byLayer.set(row.layer_id, [...(byLayer.get(row.layer_id) ?? []), row]);
  return Object.fromEntries(
    layers.map((layer) => [
      layer.name,
      { columns: NATIVE_ANNOTATION_COLUMNS, records: (byLayer.get(layer.layerId) ?? []).map(nativeAnnotationRecord) },
    ]),
  );
}
