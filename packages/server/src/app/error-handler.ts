// Every failure leaves as a JSON body of Superset's shapes; no stack trace ever reaches the client.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ValidationError } from '../api/validation.js';
import { HttpError, isNezhaError } from '../errors/nezha-error.js';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof ValidationError) {
      return reply.code(error.status).send({ message: error.fields });
    }
    if (isNezhaError(error)) {
      if (error.status >= 500 && error.status !== 503) request.log.error({ err: error }, 'request failed');
      reply.headers(error.headers);
      return reply.code(error.status).send({ errors: [error.toPayload()], message: error.message });
    }
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return reply.code(error.status).send({ message: error.message });
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, body too large, unsupported media type.
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal server error' });
  });
}
