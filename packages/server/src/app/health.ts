// GET /health (and /health/ready): what a load balancer or an operator asks. 200 when every service this configuration
// needs answers, 503 naming the one that does not, with what this process is (web or worker, running jobs or not);
// cheap enough to ask every few seconds (one indexed read, one PING). /health/live says only that the process answers.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isRedisDown } from '../errors/connection-loss.js';
import { BullJobQueue } from '../jobs/bullmq-job-queue.js';
import type { ProcessRole } from '../jobs/process-registry.js';
import type { AppContext } from './context.js';

type Check = 'ok' | 'down';

export interface HealthAnswer {
  status: 'ok' | 'degraded';
  role: ProcessRole;
  /** Whether this process runs jobs (a worker, or a web process with no worker beside it). */
  runs_jobs: boolean;
  /** What runs the jobs: this process only, or a queue on Redis shared by every process. */
  queue: 'in-process' | 'redis';
  checks: { metadata: Check; redis?: Check };
  /** The services that are down, by name. */
  down: string[];
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
  // Reconnecting (or given up): down without queueing a PING behind the next reconnection attempt. The job queue's
  // own connection counts too: a process that cannot enqueue is not ready.
  if (isRedisDown(redis.client)) return 'down';
  if (ctx.jobs instanceof BullJobQueue && ctx.jobs.producerDown) return 'down';
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
  const down = Object.entries(checks)
    .filter(([, check]) => check === 'down')
    .map(([name]) => (name === 'metadata' ? 'metadata store' : name));
  return {
    status: down.length > 0 ? 'degraded' : 'ok',
    role: ctx.processes.role,
    runs_jobs: ctx.jobs.consuming,
    queue: ctx.jobs.backend,
    checks,
    down,
  };
}

/** Open to anyone (like Superset's): it says which service is down, never why or where. */
export function registerHealthRoute(app: FastifyInstance, ctx: AppContext): void {
  const answer = async (_request: unknown, reply: FastifyReply) => {
    const health = await healthOf(ctx);
    return reply.code(health.status === 'ok' ? 200 : 503).send(health);
  };
  app.get('/health', answer);
  // Readiness: send traffic here only while the services answer.
  app.get('/health/ready', { config: { access: { public: true } } }, answer);
  // Liveness: the process answers at all; restarting it would not bring Redis back.
  app.get('/health/live', { config: { access: { public: true } } }, async () => ({
    status: 'ok',
    role: ctx.processes.role,
  }));
}
