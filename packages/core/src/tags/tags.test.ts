import { describe, expect, it } from 'vitest';
import { groupTaggedObjects, objectTypeOf, splitList, type TaggedObjectEntity, tagNameProblem } from './tags.js';

describe('tags', () => {
  it('reads an object type by name or by Superset’s number, and nothing else', () => {
    expect(objectTypeOf('chart')).toBe('chart');
    expect(objectTypeOf(3)).toBe('dashboard');
    expect(objectTypeOf('1')).toBe('query');
    expect(objectTypeOf('6')).toBe('cohort');
    expect(objectTypeOf('7')).toBeUndefined();
    expect(objectTypeOf('slice')).toBeUndefined();
  });

  it('refuses empty, long, comma and colon names', () => {
    expect(tagNameProblem('finance')).toBeNull();
    expect(tagNameProblem('  ')).toBe('A tag needs a name.');
    expect(tagNameProblem('a'.repeat(251))).toMatch(/at most 250/);
    expect(tagNameProblem('a,b')).toMatch(/comma/);
    expect(tagNameProblem('owner:1')).toMatch(/colon/);
  });

  it('splits a comma list and drops blanks', () => {
    expect(splitList(' a, b,,c ')).toEqual(['a', 'b', 'c']);
    expect(splitList(undefined)).toEqual([]);
  });

  it('groups tagged objects in section order, by name within a section', () => {
    const entity = (type: TaggedObjectEntity['type'], id: number, name: string): TaggedObjectEntity => ({
      id,
      type,
      name,
      url: '',
      changed_on: null,
      created_by: null,
      creator: '',
      owners: [],
      tags: [],
    });
    const groups = groupTaggedObjects([entity('chart', 2, 'b'), entity('dashboard', 1, 'x'), entity('chart', 1, 'a')]);
    expect(groups.map((g) => g.type)).toEqual(['dashboard', 'chart', 'query', 'dataset', 'measure', 'cohort']);
    expect(groups[1]?.objects.map((o) => o.id)).toEqual([1, 2]);
    expect(groups[2]?.objects).toEqual([]);
  });
});
