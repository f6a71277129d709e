// The owners `rel_m_m` filter of the semantic-layer lists, split from the plain column comparisons.

import { ValidationError } from '../../errors/validation-error.js';
import type { ListQuery } from '../list-query.js';

export function splitOwnerFilters(q: ListQuery | undefined): { q: ListQuery | undefined; ownerIds: number[] } {
  const ownerIds: number[] = [];
  if (!q) return { q, ownerIds };
  const filters: ListQuery['filters'] = [];
  q.filters.forEach((filter, index) => {
    if (filter.opr !== 'rel_m_m' || filter.col !== 'owners') {
      filters.push(filter);
      return;
    }
    const ids = (Array.isArray(filter.value) ? filter.value : [filter.value]).map(Number);
    if (ids.some((id) => !Number.isSafeInteger(id))) {
      throw new ValidationError({ [`filters.${index}.value`]: ['Expected a user id or a list of user ids.'] });
    }
    ownerIds.push(...ids);
  });
  return { q: { ...q, filters }, ownerIds };
}
