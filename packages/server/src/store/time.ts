// Timestamps of the metadata store: ISO-8601 UTC text, comparable as strings.
import { randomUUID } from 'node:crypto';

export function nowIso(date: Date = new Date()): string {
  return date.toISOString();
}

/** The stamps of a new owned object: a fresh uuid, created and changed now by the user. */
export function creationStamps(userId: number | null, now: string = nowIso()) {
  return { uuid: randomUUID(), created_on: now, changed_on: now, created_by_fk: userId, changed_by_fk: userId };
}

/** The stamps of a change to an owned object: changed now by the user. */
export function changeStamps(userId: number | null, now: string = nowIso()) {
  return { changed_on: now, changed_by_fk: userId };
}
