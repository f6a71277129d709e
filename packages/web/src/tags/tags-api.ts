// Calls of tagging (/api/v1/tag/): the Tags list, the all-entities page and the tag fields of properties dialogs.
import { encodeRison, OBJECT_TYPE_IDS, type ObjectTag, type TaggableType, type TaggedObjectEntity } from '@nezha/core';
import type { AuditUser } from '../annotation-layers/annotation-layer-api';
import { idsParam } from '../annotation-layers/annotation-layer-api';
import { api } from '../api/client';
import { withListQuery } from '../api/list-query';
import type { ListQuery, ListResponse } from '../api/types';
import { tagChanges } from './tag-changes';

const TAGS = '/api/v1/tag/';

export interface TagItem {
  id: number;
  name: string;
  type: number;
  description: string | null;
  created_by: AuditUser | null;
  changed_by: AuditUser | null;
  changed_on: string;
  changed_on_delta_humanized: string;
}

/** The Tags page lists the tags people made (Superset's `custom_tag` filter). */
export const fetchTagList = (query: ListQuery): Promise<ListResponse<TagItem>> =>
  api.get(
    withListQuery(TAGS, {
      ...query,
      filters: [...(query.filters ?? []), { col: 'type', opr: 'custom_tag', value: true }],
    }),
  );

export const fetchTag = (id: number): Promise<{ result: TagItem }> => api.get(`${TAGS}${id}`);

/** Tag names for a tag field's choices, matching the search. */
export async function fetchTagNames(search: string): Promise<ObjectTag[]> {
  const filters = search.trim() ? [{ col: 'name', opr: 'ct', value: search.trim() }] : [];
  const body = await api.get<ListResponse<TagItem>>(
    `${TAGS}?q=${encodeURIComponent(encodeRison({ filters, order_column: 'name', order_direction: 'asc', page_size: 100 }))}`,
  );
  return body.result.map(({ id, name, type }) => ({ id, name, type }));
}

export const createTag = (payload: { name: string; description: string }): Promise<{ id: number }> =>
  api.post(TAGS, payload);

export const updateTag = (id: number, payload: { name: string; description: string }): Promise<unknown> =>
  api.put(`${TAGS}${id}`, payload);

export const deleteTags = (ids: number[]): Promise<{ message: string }> => api.delete(`${TAGS}?q=${idsParam(ids)}`);

export const fetchTaggedObjects = (tagId: number): Promise<{ result: TaggedObjectEntity[] }> =>
  api.get(`${TAGS}get_objects/?tagIds=${tagId}`);

/** Puts the new tags on the object and takes the dropped ones off (Superset's add_objects and delete_object). */
export async function saveObjectTags(
  type: TaggableType,
  id: number,
  before: readonly string[],
  after: readonly string[],
): Promise<void> {
  const { add, remove } = tagChanges(before, after);
  const typeId = OBJECT_TYPE_IDS[type];
  if (add.length > 0) await api.post(`${TAGS}${typeId}/${id}/`, { properties: { tags: add } });
  for (const name of remove) await api.delete(`${TAGS}${typeId}/${id}/${encodeURIComponent(name)}/`);
}

const OBJECT_ENDPOINTS: Partial<Record<TaggableType, string>> = {
  dashboard: '/api/v1/dashboard/',
  chart: '/api/v1/chart/',
};

/** The names of the tags on a dashboard or a chart, read from the object's own answer (its `tags` field). */
export async function fetchObjectTagNames(type: 'dashboard' | 'chart', id: number): Promise<string[]> {
  const body = await api.get<{ result: { tags?: ObjectTag[] } }>(`${OBJECT_ENDPOINTS[type]}${id}`);
  return (body.result.tags ?? []).map((tag) => tag.name);
}
