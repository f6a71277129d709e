// Request schemas of /api/v1/saved_query/, and the translation of Superset's list filters.
import { z } from 'zod';
import { jsonTextField, numericId } from '../../schemas/json-fields.js';
import { SAVED_QUERY_LIST_COLUMNS } from '../../store/saved-queries.js';
import type { TagFilter } from '../../store/tags.js';
import type { ListQuery } from '../list-query.js';
import { tagListFilter } from '../tag/list-filter.js';

const jsonObjectText = jsonTextField.refine(
  (text) => {
    try {
      const value: unknown = JSON.parse(text);
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    } catch {
      return false;
    }
  },
  { message: 'Field cannot be decoded by JSON: expected a JSON object.' },
);

const fields = {
  label: z.string().max(256),
  db_id: numericId,
  catalog: z.string().max(256).nullable(),
  schema: z.string().max(256).nullable(),
  sql: z.string(),
  description: z
    .string()
    .nullable()
    .transform((value) => value ?? ''),
  template_parameters: jsonTextField.nullable(),
  // Schedules live here under Superset's `schedule_info` key.
  extra_json: jsonObjectText.nullable().transform((value) => value ?? '{}'),
};

export const savedQueryCreateBody = z.object(fields).partial().required({ db_id: true });
export const savedQueryUpdateBody = z.object(fields).partial();
export const savedQueryIdsQuery = z.array(numericId).max(1000);

export const SAVED_QUERY_FILTER_COLUMNS = [
  'id',
  'label',
  'description',
  'sql',
  'catalog',
  'schema',
  'database',
  'db_id',
  'created_by',
];
export const SAVED_QUERY_ORDER_COLUMNS = Object.keys(SAVED_QUERY_LIST_COLUMNS);

/**
 * Superset's list UI filters with operators of its own: `all_text` (label, SQL or description contain
 * the text) and `rel_o_m` (a related object's id). They become a text search and plain equality.
 */
export function splitSavedQueryFilters(q: ListQuery | undefined): {
  q: ListQuery | undefined;
  search: string[];
  tags: TagFilter[];
} {
  const tags: TagFilter[] = [];
  if (!q) return { q, search: [], tags };
  const search: string[] = [];
  const filters: ListQuery['filters'] = [];
  for (const [index, filter] of q.filters.entries()) {
    const tag = tagListFilter('saved_query', filter, index);
    if (tag) tags.push(tag);
    else if (filter.opr === 'all_text') search.push(String(filter.value ?? ''));
    else if (filter.opr === 'rel_o_m') filters.push({ ...filter, opr: 'eq' });
    else filters.push(filter);
  }
  return { q: { ...q, filters }, search, tags };
}
