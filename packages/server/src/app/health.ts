// GET /health: what a load balancer or an operator asks. 200 when every service this configuration needs answers, 503
// naming the one that does not; cheap enough to ask every few seconds (one indexed read, one PING).
import type { FastifyInstance } from 'fastify';
import { isRedisDown } from '../errors/connection-loss.js';
import type { AppContext } from './context.js';

type Check = 'ok' | 'down';

export interface HealthAnswer {
  status: 'ok' | 'degraded';
  checks: { metadata: Check; redis?: Check };
}

/** A PING that Redis does not answer within this time counts as down; a health check must not hang. */
const REDIS_PING_TIMEOUT_MS = 2_000;

async function metadataCheck(ctx: AppContext): Promise<Check> {
  try {
    await ctx.store.db.selectFrom('ab_role').select('id').limit(1).execute();
    return 'ok';
  } catch {
    return 'down';
  }
}

async function redisCheck(ctx: AppContext): Promise<Check | undefined> {
  const redis = ctx.redis;
  if (!redis) return undefined;
  // Reconnecting (or given up): down without queueing a PING behind the next reconnection attempt.
  if (isRedisDown(redis.client)) return 'down';
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('PING timed out')), REDIS_PING_TIMEOUT_MS);
    });
    await Promise.race([redis.client.ping(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export async function healthOf(ctx: AppContext): Promise<HealthAnswer> {
  const [metadata, redis] = await Promise.all([metadataCheck(ctx), redisCheck(ctx)]);
  const checks: HealthAnswer['checks'] = redis === undefined ? { metadata } : { metadata, redis };
  const down = Object.values(checks).some((check) => check === 'down');
  return { status: down ? 'degraded' : 'ok', checks };
}

/** Open to anyone (no access rule, like Superset's): it says which service is down, never why or where. */
export function registerHealthRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get('/health', async (_request, reply) => {
    const health = await healthOf(ctx);
    return reply.code(health.status === 'ok' ? 200 : 503).send(health);
  });
}
