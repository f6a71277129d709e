// Tags (Superset's tagging): the object types a tag may point at, tag name rules, and the answer shapes shared by
// the server and the web.

/** Superset's ObjectType, by name and number (query 1, chart 2, dashboard 3, dataset 4), then Nezha's own. */
export const OBJECT_TYPE_IDS = { query: 1, chart: 2, dashboard: 3, dataset: 4, measure: 5, cohort: 6 } as const;
export type TaggableType = keyof typeof OBJECT_TYPE_IDS;
export const TAGGABLE_TYPES = Object.keys(OBJECT_TYPE_IDS) as TaggableType[];

/** Superset's TagType: only custom tags are made by people; the others are kept by the system. */
export const TAG_TYPES = { custom: 1, type: 2, owner: 3, favorited_by: 4 } as const;

export const MAX_TAG_NAME_LENGTH = 250;

/** An object type given by its name ("chart") or Superset's number (2, "2"); undefined when it is neither. */
export function objectTypeOf(value: string | number): TaggableType | undefined {
  const text = String(value).trim().toLowerCase();
  if (text in OBJECT_TYPE_IDS) return text as TaggableType;
  const byNumber = Object.entries(OBJECT_TYPE_IDS).find(([, id]) => String(id) === text);
  return byNumber?.[0] as TaggableType | undefined;
}

/**
 * Why a tag name cannot be used, or null. Commas separate names in `get_objects?tags=` and a colon marks Superset's
 * system tags (`owner:1`, `type:chart`), so neither may appear in a custom tag's name.
 */
export function tagNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'A tag needs a name.';
  if (trimmed.length > MAX_TAG_NAME_LENGTH) return `A tag name is at most ${MAX_TAG_NAME_LENGTH} characters long.`;
  if (trimmed.includes(',')) return 'A tag name cannot contain a comma.';
  if (trimmed.includes(':')) return 'A tag name cannot contain a colon.';
  return null;
}

/** A comma-separated list of a query string (`tags=a,b`), blanks dropped. */
export function splitList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** A tag as an object's answers carry it. */
export interface ObjectTag {
  id: number;
  name: string;
  type: number;
}

/** One object of `GET /api/v1/tag/get_objects/` (Superset's TaggedObjectEntityResponseSchema). */
export interface TaggedObjectEntity {
  id: number;
  type: TaggableType;
  name: string;
  url: string;
  changed_on: string | null;
  created_by: number | null;
  creator: string;
  owners: Array<{ id: number; first_name: string; last_name: string }>;
  tags: ObjectTag[];
}

/** The all-entities page's sections, in Superset's order (dashboards, charts, queries), then ours. */
export const ENTITY_SECTION_ORDER: readonly TaggableType[] = [
  'dashboard',
  'chart',
  'query',
  'dataset',
  'measure',
  'cohort',
];

/** Tagged objects grouped by type in section order, each group by name; empty groups are kept, so every section shows. */
export function groupTaggedObjects(
  objects: readonly TaggedObjectEntity[],
): Array<{ type: TaggableType; objects: TaggedObjectEntity[] }> {
  return ENTITY_SECTION_ORDER.map((type) => ({
    type,
    objects: objects
      .filter((object) => object.type === type)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
  }));
}
