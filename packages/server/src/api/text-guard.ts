// Refuses NUL characters and text that is not valid Unicode anywhere in a request's params, query and body: Postgres
// cannot store NUL in text, other stores truncate at it, and lone surrogates cannot be written out as UTF-8.
import { ValidationError } from '../errors/validation-error.js';

export const NUL_MESSAGE = 'Text may not contain NUL characters.';
export const SURROGATE_MESSAGE = 'Text must be valid Unicode: a lone surrogate was found.';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemOf(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return undefined;
}

/** The first string (value or object key) with a problem, with its path in Superset's dotted field form. */
function findBadText(value: unknown, root: string): { field: string; message: string } | undefined {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [current, field] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      const message = problemOf(current);
      if (message) return { field, message };
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => {
        stack.push([item, field ? `${field}.${index}` : String(index)]);
      });
    } else if (current !== null && typeof current === 'object' && isPlain(current)) {
      for (const [key, item] of Object.entries(current)) {
        const message = problemOf(key);
        if (message) return { field: field || '_schema', message };
        stack.push([item, field ? `${field}.${key}` : key]);
      }
    }
  }
  return undefined;
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Throws a 400 `{message: {field: [why]}}` naming the first bad string. */
export function assertCleanText(value: unknown, root = ''): void {
  const bad = findBadText(value, root);
  if (bad) throw new ValidationError({ [bad.field || '_schema']: [bad.message] });
}
