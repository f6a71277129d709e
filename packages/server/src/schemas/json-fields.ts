// Zod fields for bodies that mix JSON text and values, as Superset's clients send them.
import { type ZodType, z } from 'zod';

/** A field that may come as JSON text (a form field, an old client) or as the value itself. */
export function jsonOrValue<T extends ZodType>(inner: T) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Field cannot be decoded by JSON.' });
      return z.NEVER;
    }
  }, inner);
}

/** JSON object text kept as text; an object is accepted and written out, so both client styles store the same. */
export const jsonTextField = z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .transform((value) => (typeof value === 'string' ? value : JSON.stringify(value)));

/** A positive integer id, also as digits in a string (form fields, path-like values). */
export const numericId = z.union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)]);

/** A boolean, also as 0/1 (the store's flags, older clients). */
export const flagField = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((value) => value === true || value === 1);

export const idParams = z.object({ id: z.coerce.number().int().positive() });
