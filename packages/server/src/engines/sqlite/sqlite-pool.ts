// A small pool of SQLite child processes (see sqlite-child.ts): acquire one per statement, kill it to cancel.
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ChildMessage, ParentMessage } from './sqlite-child.js';

/** Idle processes are ended after this long, so an unused database costs nothing. */
const IDLE_MS = 60_000;

/** The compiled child next to this file, or — when running from sources (vitest, tsx) — the .ts through tsx. */
function childScript(): { script: string; execArgv: string[] } {
  const compiled = fileURLToPath(new URL('./sqlite-child.js', import.meta.url));
  if (existsSync(compiled)) return { script: compiled, execArgv: [] };
  const source = fileURLToPath(new URL('./sqlite-child.ts', import.meta.url));
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { script: source, execArgv: ['--import', tsx] };
}

/** An error the child reported, shaped like the driver's own so the engine's patterns apply. */
export function childError(message: { message: string; code: string | null }): Error {
  return Object.assign(new Error(message.message), message.code ? { code: message.code } : {});
}

export class SqliteChild {
  private readonly inbox: ChildMessage[] = [];
  private waiter: { resolve: (message: ChildMessage) => void; reject: (error: Error) => void } | null = null;
  private exitError: Error | null = null;
  private readonly exited: Promise<void>;
  idleTimer: NodeJS.Timeout | null = null;

  constructor(private readonly process: ChildProcess) {
    process.on('message', (message: ChildMessage) => {
      const waiter = this.waiter;
      this.waiter = null;
      if (waiter) waiter.resolve(message);
      else this.inbox.push(message);
    });
    this.exited = new Promise((resolve) => {
      process.once('exit', (code, signal) => {
        this.exitError = new Error(`The SQLite process ended (${signal ?? `code ${code}`}).`);
        this.waiter?.reject(this.exitError);
        this.waiter = null;
        resolve();
      });
    });
    // A failed send (the child just died) shows up as the exit above; nothing to do here.
    process.on('error', () => undefined);
  }

  get alive(): boolean {
    return this.exitError === null;
  }

  send(message: ParentMessage): void {
    if (this.alive) this.process.send(message);
  }

  /** The next message, or a rejection when the process ends first. */
  receive(): Promise<ChildMessage> {
    const queued = this.inbox.shift();
    if (queued) return Promise.resolve(queued);
    if (this.exitError) return Promise.reject(this.exitError);
    return new Promise((resolve, reject) => (this.waiter = { resolve, reject }));
  }

  /** Busy children keep the parent alive; idle ones must not. */
  hold(busy: boolean): void {
    if (busy) {
      this.process.ref();
      this.process.channel?.ref();
    } else {
      this.process.unref();
      this.process.channel?.unref();
    }
  }

  kill(): Promise<void> {
    if (this.alive) {
      // Held until the exit arrives: an unref'd idle child would let the parent quit before close() resolves.
      this.hold(true);
      this.process.kill('SIGKILL');
    }
    return this.exited;
  }

  onExit(listener: () => void): void {
    void this.exited.then(listener);
  }
}

async function spawnChild(file: string, busyTimeoutMs: number): Promise<SqliteChild> {
  const { script, execArgv } = childScript();
  const child = new SqliteChild(
    fork(script, [file, String(busyTimeoutMs)], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    }),
  );
  const first = await child.receive();
  if (first.kind === 'ready') return child;
  await child.kill();
  throw first.kind === 'error'
    ? childError(first)
    : new Error(`Unexpected message from the SQLite process: ${first.kind}`);
}

export class SqlitePool {
  private readonly idle: SqliteChild[] = [];
  private readonly all = new Set<SqliteChild>();
  private readonly waiting: Array<{ resolve: (child: SqliteChild) => void; reject: (error: unknown) => void }> = [];
  private starting = 0;
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly size: number,
    private readonly busyTimeoutMs: number,
  ) {}

  acquire(): Promise<SqliteChild> {
    if (this.closed) return Promise.reject(new Error('The SQLite connection is closed.'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.dispatch();
    });
  }

  /** Back to the pool when healthy; a killed or crashed child is simply forgotten (its exit frees the slot). */
  release(child: SqliteChild): void {
    if (!child.alive || this.closed) {
      void child.kill();
      return;
    }
    child.hold(false);
    child.idleTimer = setTimeout(() => {
      this.idle.splice(this.idle.indexOf(child), 1);
      void child.kill();
    }, IDLE_MS);
    child.idleTimer.unref();
    this.idle.push(child);
    this.dispatch();
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const child = this.idle.pop();
      if (child) {
        if (child.idleTimer) clearTimeout(child.idleTimer);
        child.hold(true);
        this.waiting.shift()?.resolve(child);
        continue;
      }
      if (this.all.size + this.starting >= this.size) return;
      const waiter = this.waiting.shift();
      if (!waiter) return;
      this.starting += 1;
      spawnChild(this.file, this.busyTimeoutMs).then(
        (spawned) => {
          this.starting -= 1;
          this.all.add(spawned);
          spawned.onExit(() => {
            this.all.delete(spawned);
            const at = this.idle.indexOf(spawned);
            if (at >= 0) this.idle.splice(at, 1);
            this.dispatch();
          });
          if (this.closed) {
            void spawned.kill();
            waiter.reject(new Error('The SQLite connection is closed.'));
          } else {
            spawned.hold(true);
            waiter.resolve(spawned);
          }
        },
        (error: unknown) => {
          this.starting -= 1;
          waiter.reject(error);
          this.dispatch();
        },
      );
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.reject(new Error('The SQLite connection is closed.'));
    for (const child of this.idle.splice(0)) if (child.idleTimer) clearTimeout(child.idleTimer);
    await Promise.all([...this.all].map((child) => child.kill()));
  }
}
