// Refuses NUL characters and text that is not valid Unicode anywhere in a request's params, query and body: Postgres
// cannot store NUL in text, other stores truncate at it, and lone surrogates cannot be written out as UTF-8.
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors/nezha-error.js';
import { ValidationError } from './validation.js';

export const NUL_MESSAGE = 'Text may not contain NUL characters.';
export const SURROGATE_MESSAGE = 'Text must be valid Unicode: a lone surrogate was found.';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemOf(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return undefined;
}

/** The first string (value or object key) with a problem, with its path in Superset's dotted field form. */
export function findBadText(value: unknown, root: string): { field: string; message: string } | undefined {
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

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * JSON bodies are decoded strictly: Node would turn invalid UTF-8 bytes into U+FFFD and store text the client never
 * sent. Parsing itself stays Fastify's (prototype-poisoning checks included).
 */
export function registerStrictJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(new HttpError(400, 'The request body is not valid UTF-8.'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
