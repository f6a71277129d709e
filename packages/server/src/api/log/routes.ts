// POST /nezha/log/: the browser's batched event log, one stored row per event (explode=events); GET
// /api/v1/log/recent_activity/: what the caller viewed lately, read from that log.
import { RECENT_ACTIVITY_ACTIONS } from '@nezha/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recentActivityOf } from '../../activity/recent-activity.js';
import type { AppContext } from '../../app/context.js';
import { ValidationError } from '../../errors/validation-error.js';
import { insertLogs, type LogInsert } from '../../store/logs.js';
import { nowIso } from '../../store/time.js';
import { defineRoute, requireUser } from '../route.js';
import { risonQuery } from '../validation.js';

/** The browser sends at most 1024 events at once (spec §9); more is refused, not cut. */
const MAX_EVENTS_PER_REQUEST = 1024;
const MAX_EVENT_JSON = 16 * 1024;

const eventSchema = z
  .object({
    event_name: z.string().max(512).optional(),
    source: z.enum(['dashboard', 'explore', 'sqlLab']).optional(),
    source_id: z.union([z.number(), z.string()]).optional(),
    ts: z.number().optional(),
    duration: z.number().optional(),
  })
  .passthrough();

const eventsSchema = z
  .array(eventSchema)
  .max(MAX_EVENTS_PER_REQUEST, `At most ${MAX_EVENTS_PER_REQUEST} events per request.`);

const querySchema = z.object({
  explode: z.string().optional(),
  dashboard_id: z.coerce.number().int().optional(),
  slice_id: z.coerce.number().int().optional(),
});

/** Events arrive as a form field holding a JSON list, a JSON {events} body, or a bare JSON list. */
function eventsFromBody(body: unknown): unknown {
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object' && 'events' in body) {
    const events = (body as { events: unknown }).events;
    if (typeof events === 'string') {
      try {
        return JSON.parse(events);
      } catch {
        throw new ValidationError({ events: ['Field cannot be decoded by JSON.'] });
      }
    }
    return events;
  }
  throw new ValidationError({ events: ['Missing data for required field.'] });
}

/** The columns are 32-bit integers: a value outside them is not an id, and would fail the insert. */
const MAX_INT = 2 ** 31 - 1;

function numberOrNull(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && Math.abs(n) <= MAX_INT ? n : null;
}

/** When the event happened: its `ts` if that is a time a Date can hold (±8.64e15 ms), else now. */
function eventTime(ts: number | undefined): string {
  const time = typeof ts === 'number' ? new Date(ts) : null;
  return time && !Number.isNaN(time.getTime()) ? nowIso(time) : nowIso();
}

/** Superset's page size cap (API_MAX_PAGE_SIZE): a size outside 1..100 is read as 100, as FAB sanitises it. */
const MAX_PAGE_SIZE = 100;

/** Superset's get_recent_activity_schema. */
const recentActivityQuery = z.object({
  page: z.number().int().min(0).max(10_000).default(0),
  page_size: z
    .number()
    .int()
    .default(20)
    .transform((size) => (size < 1 || size > MAX_PAGE_SIZE ? MAX_PAGE_SIZE : size)),
  actions: z.array(z.string().max(512)).max(50).optional(),
  distinct: z.boolean().default(true),
});

export function registerLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/log/recent_activity/',
    // Superset asks can_read on Log, which only admins hold; the answer is only ever the caller's own activity
    // on objects they may open, so every signed-in user gets their Home page's recents.
    access: { authenticated: true },
    query: risonQuery(recentActivityQuery),
    handler: async ({ query, user }) => {
      const q = query.q ?? recentActivityQuery.parse({});
      const result = await recentActivityOf(ctx, requireUser(user), {
        actions: q.actions ?? RECENT_ACTIVITY_ACTIONS,
        distinct: q.distinct,
        page: q.page,
        pageSize: q.page_size,
      });
      return { result };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/nezha/log/',
    access: { authenticated: true },
    // The embedded page logs too, its guest token in the header or, from a beacon, in the body (guest_token).
    guest: true,
    guestTokenInBody: true,
    // navigator.sendBeacon cannot add headers; the row written is only ever the caller's own.
    csrfExempt: true,
    query: querySchema,
    handler: async ({ request, query, user }) => {
      const me = requireUser(user);
      const parsed = eventsSchema.safeParse(eventsFromBody(request.body));
      if (!parsed.success) {
        throw new ValidationError({ events: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
      }
      const referrer = (request.headers.referer ?? null)?.slice(0, 1024) ?? null;
      const rows: LogInsert[] = parsed.data.map((event) => {
        const source = event.source;
        return {
          action: event.event_name ?? 'log',
          user_id: me.guest ? null : me.id,
          json: JSON.stringify(event).slice(0, MAX_EVENT_JSON),
          dttm: eventTime(event.ts),
          dashboard_id: query.dashboard_id ?? (source === 'dashboard' ? numberOrNull(event.source_id) : null),
          slice_id: query.slice_id ?? (source === 'explore' ? numberOrNull(event.source_id) : null),
          duration_ms: typeof event.duration === 'number' ? numberOrNull(Math.round(event.duration)) : null,
          referrer,
        };
      });
      await insertLogs(ctx.store.db, rows);
      return {};
    },
  });
}
