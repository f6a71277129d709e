// The job queue of asynchronous runs: one contract, kept in this process (the embedded default, here) or on Redis
// with BullMQ (bullmq-job-queue.ts) when NEZHA_REDIS_URL is set, so any process may run a job another entered.
import { randomUUID } from 'node:crypto';

export const JOB_KINDS = ['sqllab', 'chart-data', 'report', 'scheduled-query'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export function isJobKind(value: string): value is JobKind {
  return (JOB_KINDS as readonly string[]).includes(value);
}

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue | undefined };

/** What a job carries: plain JSON, since on Redis it crosses processes (the in-process queue copies it the same way). */
export type JobData = { [key: string]: JsonValue | undefined };

export interface JobRun {
  id: string;
  kind: JobKind;
  data: JobData;
  /**
   * 1 on the first delivery; more when the job is delivered again because the process running it stopped. A job
   * that is not safe to run twice finishes itself as failed when it sees more than 1.
   */
  attempt: number;
  /** Aborted when the process stops before the job ends (after the shutdown deadline). */
  signal: AbortSignal;
}

export interface HandlerOptions {
  /**
   * Safe to run again from the start (a read-only chart query): a job its process could not finish goes back to the
   * queue for another process rather than ending failed.
   */
  safeToRerun?: boolean;
}

export type JobHandler = (run: JobRun) => Promise<void>;

export interface JobQueue {
  readonly backend: 'in-process' | 'redis';
  /** How this process runs jobs of a kind; every process sets them all, whether it consumes or not. */
  handle(kind: JobKind, handler: JobHandler, options?: HandlerOptions): void;
  /** Resolves once the job is kept (in Redis: durable), with its id. */
  enqueue(kind: JobKind, data: JobData, options?: { id?: string }): Promise<string>;
  /** Starts running jobs of these kinds here, at most `concurrency` at once. */
  consume(kinds: readonly JobKind[], concurrency: number): void;
  /** Whether this process runs jobs. */
  readonly consuming: boolean;
  /** Waits until no job is waiting or running (everywhere the queue is shared): tests and benchmarks. */
  drain(): Promise<void>;
  /**
   * Stops taking jobs and waits up to `deadlineMs` for the running ones; after that they are handed back (Redis: they
   * go back to the queue for another process) or abandoned (in-process: the process is ending with them).
   */
  close(deadlineMs?: number): Promise<void>;
}

/** Why a job's signal was aborted: its process is stopping. */
export class ProcessStopping extends Error {
  constructor() {
    super('The process running this job is stopping.');
  }
}

/** How a run that its process could not finish ends (the wording, shown to the user). */
export const WORKER_STOPPED_MESSAGE = 'The worker running this query stopped';

/** The job's data as the handler will see it: what JSON keeps, nothing shared with the caller. */
export function jsonCopy(data: JobData): JobData {
  return JSON.parse(JSON.stringify(data)) as JobData;
}

export class InProcessJobQueue implements JobQueue {
  readonly backend = 'in-process' as const;
  private readonly handlers = new Map<JobKind, JobHandler>();
  private readonly queue: Array<Omit<JobRun, 'signal'>> = [];
  private readonly controllers = new Set<AbortController>();
  private kinds: ReadonlySet<JobKind> = new Set();
  private concurrency = 0;
  private running = 0;
  private closed = false;
  private idle: Array<() => void> = [];

  constructor(private readonly onError: (run: JobRun, error: unknown) => void = () => undefined) {}

  get consuming(): boolean {
    return this.concurrency > 0;
  }

  get pending(): number {
    return this.queue.length + this.running;
  }

  handle(kind: JobKind, handler: JobHandler): void {
    // safeToRerun means nothing here: a job this process cannot finish has no other process to go to.
    this.handlers.set(kind, handler);
  }

  async enqueue(kind: JobKind, data: JobData, options: { id?: string } = {}): Promise<string> {
    if (this.closed) throw new Error('The job queue is closed.');
    const id = options.id ?? randomUUID();
    this.queue.push({ id, kind, data: jsonCopy(data), attempt: 1 });
    this.pump();
    return id;
  }

  consume(kinds: readonly JobKind[], concurrency: number): void {
    this.kinds = new Set(kinds);
    this.concurrency = concurrency;
    this.pump();
  }

  private pump(): void {
    while (!this.closed && this.running < this.concurrency) {
      const index = this.queue.findIndex((job) => this.kinds.has(job.kind));
      if (index < 0) break;
      const [next] = this.queue.splice(index, 1);
      if (!next) break;
      const handler = this.handlers.get(next.kind);
      const controller = new AbortController();
      const run: JobRun = { ...next, signal: controller.signal };
      this.controllers.add(controller);
      this.running += 1;
      void Promise.resolve()
        .then(() => {
          if (!handler) throw new Error(`No handler for jobs of kind ${next.kind}.`);
          return handler(run);
        })
        .catch((error: unknown) => this.onError(run, error))
        .finally(() => {
          this.controllers.delete(controller);
          this.running -= 1;
          this.pump();
          this.wakeIfIdle();
        });
    }
  }

  private wakeIfIdle(): void {
    if (this.running > 0 || this.queue.some((job) => this.kinds.has(job.kind))) return;
    const waiters = this.idle;
    this.idle = [];
    for (const resolve of waiters) resolve();
  }

  drain(): Promise<void> {
    if (this.running === 0 && !this.queue.some((job) => this.kinds.has(job.kind))) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  async close(deadlineMs = 0): Promise<void> {
    this.closed = true;
    // Queued jobs die with the process: nothing else would run them (on start, their runs are failed as orphans).
    this.queue.length = 0;
    if (this.running === 0) return;
    const settled = new Promise<void>((resolve) => this.idle.push(resolve));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      settled,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, deadlineMs);
      }),
    ]);
    clearTimeout(timer);
    for (const controller of this.controllers) controller.abort(new ProcessStopping());
    await settled;
  }
}
