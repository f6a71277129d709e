// The owners `rel_m_m` filter and the tag filters (`<resource>_tag_id`, `<resource>_tags`) of the semantic-layer
// lists, split from the plain column comparisons.

import { ValidationError } from '../../errors/validation-error.js';
import type { TagFilter } from '../../store/tags.js';
import type { ListQuery } from '../list-query.js';
import { tagListFilter } from '../tag/list-filter.js';

export function splitOwnerFilters(
  q: ListQuery | undefined,
  resource: 'measure' | 'cohort',
): { q: ListQuery | undefined; ownerIds: number[]; tags: TagFilter[] } {
  const ownerIds: number[] = [];
  const tags: TagFilter[] = [];
  if (!q) return { q, ownerIds, tags };
  const filters: ListQuery['filters'] = [];
  q.filters.forEach((filter, index) => {
    const tag = tagListFilter(resource, filter, index);
    if (tag) {
      tags.push(tag);
      return;
    }
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
  return { q: { ...q, filters }, ownerIds, tags };
}
