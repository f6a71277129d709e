// Zod fields shared by the chart and semantic-layer routes: JSON object text, id lists, nullable text.
import { z } from 'zod';
import { numericId } from '../../schemas/json-fields.js';

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** JSON object text (Superset's clients send params as text), also accepted as the object itself. */
export const jsonObjectText = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .transform((value) => (typeof value === 'string' ? value : JSON.stringify(value)))
  .refine((text) => text.trim() === '' || isJsonObject(text), { message: 'Field cannot be decoded by JSON.' })
  .transform((text) => (text.trim() === '' ? null : text));

/** Any JSON value, as text or as the value; stored as its JSON text. */
export const jsonValueText = z.unknown().transform((value, ctx) => {
  if (typeof value !== 'string') return JSON.stringify(value ?? null);
  try {
    JSON.parse(value);
    return value;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Field cannot be decoded by JSON.' });
    return z.NEVER;
  }
});

/** Ids given as numbers or as {id} objects (older clients send owners that way). */
export const idList = z.array(z.union([numericId, z.object({ id: numericId }).transform((value) => value.id)]));

export const optionalText = (max?: number) =>
  (max === undefined ? z.string() : z.string().max(max)).nullable().optional();

/** Rison `!(1,2)` of ids for bulk calls and favourite status. */
export const idsQuery = z.array(numericId).min(1).max(1000);
