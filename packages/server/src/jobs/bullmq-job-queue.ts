// The job queue on Redis (BullMQ), used whenever NEZHA_REDIS_URL is set: jobs outlive the process that entered them,
// any process consuming the kind runs them, and a job whose process died (its lock not renewed) is found stalled and
// delivered again: the handler then re-runs it or, when that is not safe, ends it failed.
import { type Job, Queue, WaitingError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { isConnectionLoss, isRedisDown, onRedis } from '../errors/connection-loss.js';
import {
  type HandlerOptions,
  type JobData,
  type JobHandler,
  type JobKind,
  type JobQueue,
  type JobRun,
  jsonCopy,
  ProcessStopping,
} from './job-queue.js';
import { settledWithin } from './settled-within.js';

export interface BullJobQueueOptions {
  /** NEZHA_REDIS_URL. */
  url: string;
  /** BullMQ's key prefix, e.g. `nezha:jobs`; its keys are `<prefix>:<kind>:…`. */
  prefix: string;
  /** How often a running job's lock is renewed; a lock not renewed for twice this marks the job stalled. */
  heartbeatMs: number;
  onError?: (run: JobRun | null, error: unknown) => void;
}

/** Finished jobs are kept a little for inspection, then trimmed by BullMQ. */
const KEEP_DONE = { age: 3600, count: 1000 };
const KEEP_FAILED = { age: 24 * 3600, count: 5000 };
/** An enqueue Redis has not acknowledged by then answers 503 (the message says "Connection is closed" to read as lost). */
const ENQUEUE_TIMEOUT_MS = 5_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('Connection is closed: Redis did not take the job in time.')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** A job that keeps killing its workers ends failed rather than going round forever. */
const MAX_STALLED = 3;

interface Handled {
  handler: JobHandler;
  options: HandlerOptions;
}

/** BullMQ's close waits for its connection; on one still reconnecting after an outage it would wait for good. */
const CLOSE_CAP_MS = 3_000;

export class BullJobQueue implements JobQueue {
  readonly backend = 'redis' as const;
  private readonly handlers = new Map<JobKind, Handled>();
  private readonly queues = new Map<JobKind, Queue>();
  private readonly workers: Worker[] = [];
  private readonly connections: Redis[] = [];
  private producer: Redis | null = null;
  private stopping = false;

  constructor(private readonly options: BullJobQueueOptions) {}

  get consuming(): boolean {
    return this.workers.length > 0;
  }

  /**
   * A worker's connection must never give up a command (BullMQ's rule for blocking connections); the producer's
   * gives up after one reconnection, as the app's own client does, so an enqueue during an outage answers 503.
   */
  private connection(role: 'worker' | 'producer' = 'worker'): Redis {
    const redis = new Redis(this.options.url, {
      maxRetriesPerRequest: role === 'worker' ? null : 1,
      lazyConnect: true,
    });
    // The app's own connection reports outages; these reconnect by themselves.
    redis.on('error', () => undefined);
    this.connections.push(redis);
    return redis;
  }

  private queueOf(kind: JobKind): Queue {
    let queue = this.queues.get(kind);
    if (!queue) {
      this.producer ??= this.connection('producer');
      queue = new Queue(kind, { connection: this.producer, prefix: this.options.prefix });
      queue.on('error', () => undefined);
      this.queues.set(kind, queue);
    }
    return queue;
  }

  handle(kind: JobKind, handler: JobHandler, options: HandlerOptions = {}): void {
    this.handlers.set(kind, { handler, options });
  }

  async enqueue(kind: JobKind, data: JobData, options: { id?: string } = {}): Promise<string> {
    if (this.stopping) throw new Error('The job queue is closed.');
    const queue = this.queueOf(kind);
    let job: Job;
    try {
      // Refused at once while the connection is known down; and bounded, since BullMQ waits for a connection it
      // opened during an outage to come back rather than failing the command.
      job = await onRedis(this.producer ?? { status: 'wait' }, 'GENERIC_BACKEND_ERROR', () =>
        withTimeout(
          queue.add(kind, jsonCopy(data), {
            ...(options.id ? { jobId: options.id } : {}),
            removeOnComplete: KEEP_DONE,
            removeOnFail: KEEP_FAILED,
          }),
          ENQUEUE_TIMEOUT_MS,
        ),
      );
    } catch (error) {
      // A queue first opened while Redis was down keeps failing: the next enqueue opens a new one.
      this.queues.delete(kind);
      void queue.close().catch(() => undefined);
      throw error;
    }
    if (!job.id) throw new Error('Redis gave the job no id.');
    return job.id;
  }

  consume(kinds: readonly JobKind[], concurrency: number): void {
    for (const kind of kinds) {
      const worker = new Worker(kind, (job, token, signal) => this.process(kind, job, token, signal), {
        connection: this.connection(),
        prefix: this.options.prefix,
        concurrency,
        lockDuration: 2 * this.options.heartbeatMs,
        lockRenewTime: this.options.heartbeatMs,
        stalledInterval: this.options.heartbeatMs,
        maxStalledCount: MAX_STALLED,
      });
      worker.on('error', (error) => {
        // An outage is reported once by the app's own connection; BullMQ would repeat it on every retry.
        if (!isConnectionLoss(error)) this.options.onError?.(null, error);
      });
      this.workers.push(worker);
    }
  }

  private async process(kind: JobKind, job: Job, token: string | undefined, signal: AbortSignal | undefined) {
    const handled = this.handlers.get(kind);
    if (!handled) throw new Error(`No handler for jobs of kind ${kind}.`);
    const run: JobRun = {
      id: job.id ?? '',
      kind,
      data: job.data as JobData,
      // A stalled job comes back with its counters raised; either says it started before.
      attempt: Math.max(job.attemptsStarted, job.stalledCounter + 1, 1),
      signal: signal ?? new AbortController().signal,
    };
    try {
      await handled.handler(run);
    } catch (error) {
      if (this.stopping && signal?.aborted && handled.options.safeToRerun) {
        // Handed back: another process (or this one, restarted) runs it from the start.
        await job.moveToWait(token);
        throw new WaitingError();
      }
      this.options.onError?.(run, error);
      throw error;
    }
  }

  /** Whether the connection that enqueues is known down (reconnecting): health says Redis is down until it is back. */
  get producerDown(): boolean {
    return this.producer !== null && isRedisDown(this.producer);
  }

  /** Workers of any process seen by Redis for these kinds (BullMQ lists the connections that block on the queue). */
  async workerCount(kind: JobKind): Promise<number> {
    const workers = await this.queueOf(kind).getWorkers();
    return workers.length;
  }

  /** Whether the job is still to run or running somewhere (a stalled one is found and delivered again). */
  async isLive(kind: JobKind, id: string): Promise<boolean> {
    const state = await this.queueOf(kind).getJobState(id);
    return state === 'waiting' || state === 'active' || state === 'delayed' || state === 'prioritized';
  }

  async drain(): Promise<void> {
    for (;;) {
      let busy = 0;
      for (const kind of this.handlers.keys()) {
        const counts = await this.queueOf(kind).getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        busy += Object.values(counts).reduce((sum, n) => sum + n, 0);
      }
      if (busy === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async close(deadlineMs = 0): Promise<void> {
    this.stopping = true;
    const closing = Promise.all(this.workers.map((worker) => worker.close()));
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([
      closing.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), deadlineMs);
      }),
    ]);
    clearTimeout(timer);
    if (late) {
      for (const worker of this.workers) worker.cancelAllJobs(new ProcessStopping().message);
      await settledWithin(closing, CLOSE_CAP_MS);
    }
    await settledWithin(Promise.all([...this.queues.values()].map((queue) => queue.close())), CLOSE_CAP_MS);
    // Connections handed to BullMQ stay open after its close; dropping them also ends a close that still waits.
    for (const redis of this.connections) redis.disconnect();
  }
}
