// GET /api/v1/async_event/ws (spec §4 "Async query job", Superset's superset-websocket): the caller's channel's async
// job events over a websocket, one JSON event per message, those after `last_id` first, then each new one as it is
// appended.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { HttpError } from '../../errors/nezha-error.js';
import { parseWith } from '../../errors/validation-error.js';
import { asyncChannelOf } from '../../jobs/async-channel.js';
import { followAsyncEvents } from '../../jobs/async-event-feed.js';
import { type Access, assertAccess } from '../../security/access.js';
import { requireUser } from '../route.js';
import { asyncEventQuery } from './routes.js';

const ASYNC_EVENT_WS_URL = '/api/v1/async_event/ws';

/** The close code the browser sees when the channel could not be read; it reconnects, as after any close. */
const INTERNAL_ERROR = 1011;

/**
 * Browsers send cookies with a websocket from any page and CORS does not apply to it, so a page of another site could
 * read the channel in the user's name; a browser always sends Origin, and it must be this server.
 */
function assertSameOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new HttpError(403, 'Forbidden');
  }
  if (host !== request.host) throw new HttpError(403, 'Forbidden');
}

export function registerAsyncEventWebsocket(app: FastifyInstance, ctx: AppContext): void {
  const access: Access = { authenticated: true };
  app.route({
    method: 'GET',
    url: ASYNC_EVENT_WS_URL,
    config: { access },
    // Runs before the upgrade: a refused caller gets an HTTP answer (401, 403, 400) and no websocket.
    preValidation: async (request) => {
      assertAccess({ access, user: request.user, method: 'GET', csrfHeader: undefined, csrfExempt: true });
      assertSameOrigin(request);
      parseWith(asyncEventQuery, request.query);
    },
    handler: async (_request, reply) =>
      reply.code(400).send({ message: 'This address answers websocket connections only.' }),
    wsHandler: async (socket, request) => {
      const channel = asyncChannelOf(ctx.config.secretKey, requireUser(request.user));
      const lastId = parseWith(asyncEventQuery, request.query).last_id ?? null;
      let closed = false;
      let stop: () => void = () => undefined;
      socket.on('close', () => {
        closed = true;
        stop();
      });
      const fail = (error: unknown) => {
        request.log.error({ err: error }, 'async event websocket failed');
        socket.close(INTERNAL_ERROR, 'Async events could not be read.');
      };
      // The browser sends nothing: anything it does send is ignored.
      try {
        const feed = await followAsyncEvents(
          ctx.asyncEvents,
          channel,
          lastId,
          (event) => socket.send(JSON.stringify(event)),
          fail,
        );
        stop = () => feed.stop();
        if (closed) stop();
      } catch (error) {
        fail(error);
      }
    },
  });
}
