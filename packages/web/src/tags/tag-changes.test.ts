import { describe, expect, it } from 'vitest';
import { allEntitiesUrl, tagChanges, tagIdFromSearch } from './tag-changes';

describe('tag changes', () => {
  it('adds the new names and removes the dropped ones, ignoring blanks, spaces and repeats', () => {
    expect(tagChanges(['a', 'b'], ['b', ' c ', 'c', ''])).toEqual({ add: ['c'], remove: ['a'] });
  });

  it('changes nothing when the names are the same', () => {
    expect(tagChanges(['x'], [' x'])).toEqual({ add: [], remove: [] });
  });

  it('reads the tag id of the all-entities page, and nothing that is not an id', () => {
    expect(allEntitiesUrl(7)).toBe('/superset/all_entities/?id=7');
    expect(tagIdFromSearch('?id=7')).toBe(7);
    expect(tagIdFromSearch('?id=7x')).toBeNull();
    expect(tagIdFromSearch('')).toBeNull();
  });
});
