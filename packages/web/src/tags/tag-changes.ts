// What to send when a properties dialog's tag field changed: the names to add and the names to take off.

/** Names are compared trimmed; blanks and repeats in the new list are dropped. */
export function tagChanges(before: readonly string[], after: readonly string[]): { add: string[]; remove: string[] } {
  const old = new Set(before.map((name) => name.trim()));
  const next = [...new Set(after.map((name) => name.trim()).filter((name) => name.length > 0))];
  const wanted = new Set(next);
  return {
    add: next.filter((name) => !old.has(name)),
    remove: [...old].filter((name) => !wanted.has(name)),
  };
}

/** The all-entities page of a tag (Superset's /superset/all_entities/?id=). */
export const allEntitiesUrl = (tagId: number) => `/superset/all_entities/?id=${tagId}`;

/** The tag id of the all-entities page's query string, or null when it is missing or not an id. */
export function tagIdFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get('id');
  if (raw === null || !/^\d+$/.test(raw)) return null;
  return Number(raw);
}
