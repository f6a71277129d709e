// Table types of tags and their links to objects (migration 0010), as Kysely sees them.
import type { Generated, Selectable } from 'kysely';

export interface TagTable {
  id: Generated<number>;
  name: string;
  /** Superset's TagType: 1 custom, 2 type, 3 owner, 4 favorited_by. */
  type: Generated<number>;
  description: string | null;
  created_on: string;
  changed_on: string;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface TaggedObjectTable {
  id: Generated<number>;
  tag_id: number;
  object_id: number;
  /** query, chart, dashboard, dataset, measure or cohort. */
  object_type: string;
  created_on: string;
  created_by_fk: number | null;
}

export interface TagTables {
  tag: TagTable;
  tagged_object: TaggedObjectTable;
}

export type TagRow = Selectable<TagTable>;
