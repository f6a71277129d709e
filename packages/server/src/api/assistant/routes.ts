// The assistant: GET/POST /api/v1/assistant/conversations, GET/DELETE …/conversations/{id} and
// POST …/conversations/{id}/messages, whose answer streams the reply as server-sent events.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import {
  ASSISTANT_CONTEXTS,
  createConversation,
  listMyConversations,
  readConversation,
  removeConversation,
  sendMessage,
} from '../../assistant/conversations.js';
import { idParams } from '../../schemas/json-fields.js';
import { defineRoute, requireUser } from '../route.js';

// Any signed-in user: each sees only their own conversations, and every tool holds them to their own access.
const ACCESS = { authenticated: true } as const;

const listQuery = z.object({
  page: z.coerce.number().int().nonnegative().default(0),
  page_size: z.coerce.number().int().positive().max(100).default(25),
  context: z.enum(ASSISTANT_CONTEXTS).optional(),
});
const createBody = z.object({
  title: z.string().max(255).optional(),
  context: z.enum(ASSISTANT_CONTEXTS).default('sqllab'),
});
const messageBody = z.object({ text: z.string().max(10_000) });

export function registerAssistantRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/assistant/conversations',
    access: ACCESS,
    query: listQuery,
    handler: async ({ query, user }) =>
      listMyConversations(ctx, requireUser(user), {
        page: query.page,
        pageSize: query.page_size,
        context: query.context,
      }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/assistant/conversations',
    access: ACCESS,
    body: createBody,
    handler: async ({ body, user, reply }) => {
      reply.code(201);
      return createConversation(ctx, requireUser(user), body);
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/assistant/conversations/:id',
    access: ACCESS,
    params: idParams,
    handler: async ({ params, user }) => readConversation(ctx, requireUser(user), params.id),
  });
  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/assistant/conversations/:id',
    access: ACCESS,
    params: idParams,
    handler: async ({ params, user }) => {
      await removeConversation(ctx, requireUser(user), params.id);
      return { message: 'OK' };
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/assistant/conversations/:id/messages',
    access: ACCESS,
    params: idParams,
    body: messageBody,
    handler: async ({ params, body, user, reply }) => {
      // The user's stop: the browser closes the connection, which aborts the provider call and the tools' waits.
      const closed = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) closed.abort();
      });
      const stream = await sendMessage(ctx, requireUser(user), params.id, body.text, closed.signal);
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  });
}
