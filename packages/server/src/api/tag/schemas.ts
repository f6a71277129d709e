// Request schemas of /api/v1/tag/, with Superset's field names.
import { objectTypeOf, splitList, type TaggableType, tagNameProblem } from '@nezha/core';
import { z } from 'zod';
import { numericId } from '../../schemas/json-fields.js';
import { TAG_LIST_COLUMNS } from '../../store/tags.js';

export const tagName = z
  .string()
  .transform((name) => name.trim())
  .superRefine((name, issue) => {
    const problem = tagNameProblem(name);
    if (problem) issue.addIssue({ code: 'custom', message: problem });
  });

/**
 * An object's own `tags` field on save (measures and cohorts): tag names, or the `{id, name, type}` objects its answer
 * carries, each held to core's name rules; they become the object's tag links.
 */
export const objectTagNames = z
  .array(z.union([tagName, z.object({ name: tagName }).transform((tag) => tag.name)]))
  .max(100)
  .transform((names) => [...new Set(names)]);

const objectType = z.union([z.string(), z.number()]).transform((value, issue): TaggableType => {
  const type = objectTypeOf(value);
  if (!type) {
    issue.addIssue({
      code: 'custom',
      message: `Unknown object type "${value}": one of query, chart, dashboard, dataset, measure, cohort.`,
    });
    return z.NEVER;
  }
  return type;
});

/** Superset's `objects_to_tag`: pairs of object type and id, `[["dashboard", 1], ["chart", 2]]`. */
export const objectsToTag = z.array(z.tuple([objectType, numericId])).max(1000);

const description = z.string().max(10_000).nullable().optional();

export const tagCreateBody = z.object({
  name: tagName,
  description,
  objects_to_tag: objectsToTag.optional(),
});
export const tagUpdateBody = tagCreateBody.partial();

export const tagBulkBody = z.object({
  tags: z
    .array(z.object({ name: tagName, objects_to_tag: objectsToTag.default([]) }))
    .min(1, 'Give at least one tag.')
    .max(100),
});

/** Superset's add_objects body: `{"properties": {"tags": ["a", "b"]}}`. */
export const tagObjectBody = z.object({
  properties: z.object({ tags: z.array(tagName).min(1, 'Give at least one tag.').max(100) }),
});

export const objectParams = z.object({ object_type: objectType, object_id: numericId });
export const objectTagParams = objectParams.extend({ tag: tagName });

export const getObjectsQuery = z
  .object({
    tagIds: z.string().optional(),
    tags: z.string().optional(),
    types: z.string().optional(),
  })
  .transform((query, issue) => {
    const tagIds: number[] = [];
    for (const part of splitList(query.tagIds)) {
      if (!/^\d+$/.test(part)) {
        issue.addIssue({ code: 'custom', path: ['tagIds'], message: `"${part}" is not a tag id.` });
        return z.NEVER;
      }
      tagIds.push(Number(part));
    }
    const types: TaggableType[] = [];
    for (const part of splitList(query.types)) {
      const type = objectTypeOf(part);
      if (!type) {
        issue.addIssue({ code: 'custom', path: ['types'], message: `Unknown object type "${part}".` });
        return z.NEVER;
      }
      types.push(type);
    }
    return { tagIds, tags: splitList(query.tags), types };
  });

export const TAG_FILTER_COLUMNS = ['id', 'name', 'type', 'description', 'created_by', 'changed_by'];
export const TAG_ORDER_COLUMNS = Object.keys(TAG_LIST_COLUMNS);
