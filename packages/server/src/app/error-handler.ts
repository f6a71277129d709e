// Every failure leaves as a JSON body of Superset's shapes; no stack trace ever reaches the client. Messages are in
// the caller's language (saved choice, then Accept-Language); error types and field names stay English.
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, isNezhaError } from '../errors/nezha-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { requestLocale, translateMessage, translateMessages } from '../i18n/messages.js';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const locale = requestLocale(request);
    if (error instanceof ValidationError) {
      return reply.code(error.status).send({ message: translateMessages(locale, error.fields) });
    }
    if (isNezhaError(error)) {
      if (error.status >= 500 && error.status !== 503) request.log.error({ err: error }, 'request failed');
      reply.headers(error.headers);
      // The CSRF refusal is read by the web client (it retries with a new token), not by a person.
      const message = error.extra?.csrf === true ? error.message : translateMessage(locale, error.message);
      return reply.code(error.status).send({ errors: [{ ...error.toPayload(), message }], message });
    }
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return reply.code(error.status).send({ message: translateMessage(locale, error.message) });
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, body too large, unsupported media type.
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: translateMessage(locale, 'Internal server error') });
  });
}
