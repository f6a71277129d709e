// Superset's query list filters (the Query history page's) turned into the store's column filters.
import { z } from 'zod';
import type { ListQuery } from '../list-query.js';

/** A time bound: epoch milliseconds, as Superset's date range filter sends them, or an ISO date text. */
const timeBound = z.union([
  z.number().finite(),
  z
    .string()
    .refine((text) => !Number.isNaN(Date.parse(text)), 'Not a date.')
    .transform((text) => Date.parse(text)),
]);
const relatedId = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);
const timeRange = z.tuple([timeBound.nullable(), timeBound.nullable()]);

/** `database` and `user` are relations (`rel_o_m` on their id); `start_time` is a `between` range. */
const RELATIONS: Record<string, string> = { database: 'database_id', user: 'user_id' };

/**
 * Rewrites the filters Superset's QueryList sends (`{col: 'database', opr: 'rel_o_m', value: 3}`,
 * `{col: 'start_time', opr: 'between', value: [from, to]}`) into plain ones on the record's columns; everything else
 * passes through to the usual column and operator checks. Returns the field errors of values that do not fit.
 */
export function translateQueryListFilters(
  q: ListQuery | undefined,
): { query: ListQuery | undefined } | { error: Record<string, string[]> } {
  if (!q) return { query: q };
  const filters: ListQuery['filters'] = [];
  const errors: Record<string, string[]> = {};
  q.filters.forEach((filter, index) => {
    const column = RELATIONS[filter.col];
    if (column && (filter.opr === 'rel_o_m' || filter.opr === 'eq')) {
      const id = relatedId.safeParse(filter.value);
      if (!id.success) errors[`filters.${index}.value`] = ['Not a valid id.'];
      else filters.push({ col: column, opr: 'eq', value: id.data });
      return;
    }
    if (filter.opr === 'between') {
      const range = timeRange.safeParse(filter.value);
      if (filter.col !== 'start_time' && filter.col !== 'end_time') {
        errors[`filters.${index}.opr`] = [`Unknown operator "${filter.opr}".`];
      } else if (!range.success) {
        errors[`filters.${index}.value`] = ['Give a range as [from, to] in epoch milliseconds.'];
      } else {
        const [from, to] = range.data;
        if (from !== null) filters.push({ col: filter.col, opr: 'ge', value: from });
        if (to !== null) filters.push({ col: filter.col, opr: 'le', value: to });
      }
      return;
    }
    filters.push(filter);
  });
  if (Object.keys(errors).length > 0) return { error: errors };
  return { query: { ...q, filters } };
}
