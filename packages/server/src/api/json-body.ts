// Parses JSON request bodies as Fastify does, but refuses bytes that are not UTF-8 instead of replacing them.
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors/nezha-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The JSON body's text as the client sent it (null for other bodies): a route whose answer depends only on the
     * body may key a kept answer by it and skip parsing and normalising on a hit (chart data does).
     */
    jsonText: string | null;
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Node decodes invalid UTF-8 to U+FFFD silently, so SQL (or any text) would reach the guards and the database
 * changed from what the client sent; a clear 400 is better. Fastify's own parser does the rest (prototype
 * poisoning refused, empty bodies answered as before).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.decorateRequest('jsonText', null);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new HttpError(400, 'The request body is not valid UTF-8.'), undefined);
      return;
    }
    request.jsonText = text;
    parseJson(request, text, done);
  });
}
