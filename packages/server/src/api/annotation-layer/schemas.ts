// Request schemas of /api/v1/annotation_layer/ and its annotations, with Superset's field names and messages.
import { z } from 'zod';
import { numericId } from '../../schemas/json-fields.js';
import { ANNOTATION_LAYER_LIST_COLUMNS, ANNOTATION_LIST_COLUMNS } from '../../store/annotations.js';
import type { ListQuery } from '../list-query.js';

const between = (min: number, max: number) => `Length must be between ${min} and ${max}.`;

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Marshmallow's DateTime: ISO-8601, a date alone meaning midnight. A zone is converted to UTC; the store keeps
 * naive UTC text ("2024-01-02T03:04:05"), as Superset's annotation table keeps naive date-times.
 */
function toNaiveUtc(text: string): string | null {
  const match = ISO_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone] = match;
  const offset = zone && zone !== 'Z' ? zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2') : 'Z';
  const time = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  if (Number.isNaN(time)) return null;
  const iso = new Date(time).toISOString();
  // Date.parse rolls 2024-02-31 over to March; a date that is not on the calendar is no date.
  if (!zone && iso.slice(0, 10) !== `${y}-${mo}-${d}`) return null;
  return iso.slice(0, 19);
}

const dateTime = z.string().transform((text, ctx) => {
  const value = toNaiveUtc(text);
  if (value === null) {
    ctx.addIssue({ code: 'custom', message: 'Not a valid datetime.' });
    return z.NEVER;
  }
  return value;
});

const jsonText = z.string().refine(
  (text) => {
    if (text === '') return true;
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'JSON not valid' },
);

const layerFields = {
  name: z.string().min(1, between(1, 250)).max(250, between(1, 250)),
  descr: z.string().nullable(),
};

export const annotationLayerCreateBody = z.object({ name: layerFields.name, descr: layerFields.descr.optional() });
export const annotationLayerUpdateBody = z.object(layerFields).partial();

const annotationFields = {
  short_descr: z.string().min(1, between(1, 500)).max(500, between(1, 500)),
  long_descr: z.string().nullable(),
  start_dttm: dateTime,
  end_dttm: dateTime,
  json_metadata: jsonText.nullable(),
};

export const annotationCreateBody = z.object({
  short_descr: annotationFields.short_descr,
  long_descr: annotationFields.long_descr.optional(),
  start_dttm: annotationFields.start_dttm,
  end_dttm: annotationFields.end_dttm,
  json_metadata: annotationFields.json_metadata.optional(),
});
export const annotationUpdateBody = z.object(annotationFields).partial();

export const idsQuery = z.array(numericId).max(1000);

export const layerParams = z.object({ pk: z.coerce.number().int().positive() });
export const annotationParams = z.object({
  pk: z.coerce.number().int().positive(),
  annotationId: z.coerce.number().int().positive(),
});

export const ANNOTATION_LAYER_FILTER_COLUMNS = ['id', 'name', 'descr', 'created_by', 'changed_by'];
export const ANNOTATION_LAYER_ORDER_COLUMNS = Object.keys(ANNOTATION_LAYER_LIST_COLUMNS);
export const ANNOTATION_FILTER_COLUMNS = ['id', 'short_descr', 'long_descr', 'start_dttm', 'end_dttm'];
export const ANNOTATION_ORDER_COLUMNS = Object.keys(ANNOTATION_LIST_COLUMNS);

/**
 * Superset's list pages filter with `rel_o_m` (a related user's id) and `annotation_layer_all_text` /
 * `css_template_all_text`; they become equality and a contains-match on the searched column.
 */
export function translateListFilters(q: ListQuery | undefined): ListQuery | undefined {
  if (!q) return q;
  return {
    ...q,
    filters: q.filters.map((filter) => {
      if (filter.opr === 'rel_o_m') return { ...filter, opr: 'eq' };
      if (filter.opr.endsWith('_all_text')) return { ...filter, opr: 'ct' };
      return filter;
    }),
  };
}
