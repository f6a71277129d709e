// Query-string schemas of the routes (rison); the 400 they raise is errors/validation-error.ts.
import { decodeRison, RisonError } from '@nezha/core';
import { type ZodType, z } from 'zod';
import { useMarshmallowMessages } from '../errors/marshmallow-messages.js';

useMarshmallowMessages();

/** A query-string object whose `q` is rison, decoded before the inner schema sees it. */
export function risonQuery<T extends ZodType>(inner: T) {
  return z.object({
    q: z.preprocess((text, ctx) => {
      if (text === undefined || text === '') return undefined;
      if (typeof text !== 'string') {
        ctx.addIssue({ code: 'custom', message: 'Not a valid rison argument' });
        return z.NEVER;
      }
      try {
        return decodeRison(text);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: `Not a valid rison argument${error instanceof RisonError ? `: ${error.message}` : ''}`,
        });
        return z.NEVER;
      }
    }, inner.optional()),
  });
}
