// The `annotation_data` of a chart data answer: Superset's NATIVE annotation layers (the value is an annotation
// layer's id) answered with that layer's annotations under the layer's name.
import type { QueryObject } from '@nezha/core';
import { nativeAnnotationData } from '../annotations/service.js';
import type { AppContext } from '../app/context.js';

/** The query's shown NATIVE layers with a usable id; formulas and chart-sourced layers are the browser's. */
function nativeLayersOf(query: QueryObject): Array<{ name: string; layerId: number }> {
  const layers: unknown = (query as { annotation_layers?: unknown }).annotation_layers;
  if (!Array.isArray(layers)) return [];
  return layers.flatMap((layer: unknown) => {
    if (!layer || typeof layer !== 'object') return [];
    const { sourceType, value, name, show } = layer as Record<string, unknown>;
    if (sourceType !== 'NATIVE' || typeof name !== 'string' || show === false) return [];
    const layerId = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    return typeof layerId === 'number' && Number.isSafeInteger(layerId) && layerId > 0 ? [{ name, layerId }] : [];
  });
}

/**
 * Annotations are read fresh (not from the chart cache) so a new one shows on the next render. Whoever may query
 * the chart sees its layers' annotations, as in Superset: the annotation API is Alpha's, but a Gamma viewer of a
 * chart with an event layer still sees the events drawn.
 */
export async function annotationDataOf(ctx: AppContext, query: QueryObject) {
  const layers = nativeLayersOf(query);
  if (layers.length === 0) return {};
  return nativeAnnotationData(ctx, layers);
}
