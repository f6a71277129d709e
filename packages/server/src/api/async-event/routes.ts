// GET /api/v1/async_event/ (spec §7 Async): the caller's channel's async job events after `last_id` (the polling
// transport; websocket.ts pushes the same events).
import { ASYNC_EVENT_ID_PATTERN } from '@nezha/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { asyncChannelOf } from '../../jobs/async-channel.js';

import { defineRoute, requireUser } from '../route.js';

export const asyncEventQuery = z.object({
  last_id: z
    .string()
    .regex(ASYNC_EVENT_ID_PATTERN, 'Not a valid event id; event ids look like 1607477697866-0.')
    .optional(),
});

export function registerAsyncEventRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/async_event/',
    access: { authenticated: true },
    query: asyncEventQuery,
    handler: async ({ query, user }) => {
      const channel = asyncChannelOf(ctx.config.secretKey, requireUser(user));
      return { result: await ctx.asyncEvents.readAfter(channel, query.last_id ?? null) };
    },
  });
}
