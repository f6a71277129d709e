// Superset's tag filters of a resource's list: `<resource>_tag_id` (tag ids) and `<resource>_tags` (part of a name).

import { ValidationError } from '../../errors/validation-error.js';
import type { TagFilter } from '../../store/tags.js';

/** The tag filter a list filter asks for, or undefined when it is not one of `resource`'s tag filters. */
export function tagListFilter(
  resource: string,
  filter: { opr: string; value: unknown },
  index: number,
): TagFilter | undefined {
  if (filter.opr === `${resource}_tags`) return { nameContains: String(filter.value ?? '') };
  if (filter.opr !== `${resource}_tag_id`) return undefined;
  const list = (Array.isArray(filter.value) ? filter.value : [filter.value]).map(Number);
  if (list.some((n) => !Number.isSafeInteger(n))) {
    throw new ValidationError({ [`filters.${index}.value`]: ['Expected an id or a list of ids.'] });
  }
  return { ids: list };
}
