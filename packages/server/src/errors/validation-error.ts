// Turning zod failures into Superset's 400 body: {message: {field: ["why"]}}. Every layer may throw it; the
// error handler (app/error-handler.ts) answers it.
import type { ZodType } from 'zod';
import { useMarshmallowMessages } from './marshmallow-messages.js';
import { HttpError } from './nezha-error.js';

useMarshmallowMessages();

export class ValidationError extends HttpError {
  constructor(
    readonly fields: Record<string, string[]>,
    status = 400,
  ) {
    super(status, 'Validation failed');
  }
}

/** The raw value at a zod issue's path, undefined when any step is absent. */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[step];
  }
  return current;
}

export function parseWith<T>(schema: ZodType<T>, value: unknown): T {
  // reportInput lets a wrong type be told apart from a missing field.
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_schema';
    const list = fields[key] ?? [];
    // A coerced field (z.coerce.number()) reports NaN for a missing value: what was sent decides, as marshmallow's.
    const missing = issue.input === undefined || valueAt(value, issue.path) === undefined;
    list.push(
      (issue.code === 'invalid_type' || issue.code === 'invalid_value') && missing
        ? 'Missing data for required field.'
        : issue.message,
    );
    fields[key] = list;
  }
  throw new ValidationError(fields);
}
