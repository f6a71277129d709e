// Where finished SQL Lab results are kept under a results key: files under NEZHA_HOME by default, Redis
// (redis-results-backend.ts) when NEZHA_REDIS_URL is set.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

export interface StoredResult {
  /** When the entry stops being served (ms since epoch). */
  expiresAt: number;
  /** Owner of the run, so a key cannot be read by someone else. */
  userId: number | null;
  payload: string;
}

/**
 * A payload written piece by piece while it is being sent, so a large result is never held whole. Nothing is
 * readable under the key until `commit`; `discard` leaves no trace.
 */
export interface ResultsWriter {
  write(chunk: string): Promise<void>;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export interface ResultsBackend {
  put(key: string, entry: StoredResult): Promise<void>;
  /** Starts writing the payload of `key`; `entry` is what `put` would be given, less the payload. */
  open(key: string, entry: Omit<StoredResult, 'payload'>): Promise<ResultsWriter>;
  /** undefined when the key was never issued; 'expired' when it existed and is gone. */
  get(key: string): Promise<StoredResult | 'expired' | undefined>;
  delete(key: string): Promise<void>;
  /** Removes expired entries; returns how many. */
  sweep(): Promise<number>;
}

export function newResultsKey(): string {
  return randomUUID();
}

const KEY_PATTERN = /^[0-9a-f-]{36}$/;

/** Keys are ours (newResultsKey); anything else is refused before it reaches a file name or a Redis key. */
export function isResultsKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export class DiskResultsBackend implements ResultsBackend {
  /** Keys that existed and expired, so a late fetch gets 410 rather than 404. */
  private readonly expired = new Set<string>();

  constructor(private readonly dir: string) {}

  private file(key: string): string {
    if (!isResultsKey(key)) throw new Error('invalid results key');
    return path.join(this.dir, `${key}.json`);
  }

  async put(key: string, entry: StoredResult): Promise<void> {
    // Header and payload go out in two writes, so a large payload is never copied into a second string.
    const writer = await this.open(key, entry);
    try {
      await writer.write(entry.payload);
    } catch (error) {
      await writer.discard();
      throw error;
    }
    await writer.commit();
  }

  async open(key: string, entry: Omit<StoredResult, 'payload'>): Promise<ResultsWriter> {
    await mkdir(this.dir, { recursive: true });
    const target = this.file(key);
    const header = JSON.stringify({ expiresAt: entry.expiresAt, userId: entry.userId });
    // Written aside and renamed, so a reader never sees half a result.
    const temp = `${target}.${process.pid}.tmp`;
    const file = await open(temp, 'w');
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await file.close();
    };
    await file.write(`${header}\n`, null, 'utf8');
    return {
      write: async (chunk) => {
        await file.write(chunk, null, 'utf8');
      },
      commit: async () => {
        await close();
        await rename(temp, target);
        this.expired.delete(key);
      },
      discard: async () => {
        await close().catch(() => undefined);
        await rm(temp, { force: true });
      },
    };
  }

  async get(key: string): Promise<StoredResult | 'expired' | undefined> {
    if (!isResultsKey(key)) return undefined;
    if (this.expired.has(key)) return 'expired';
    let text: string;
    try {
      text = await readFile(this.file(key), 'utf8');
    } catch {
      return undefined;
    }
    const newline = text.indexOf('\n');
    const header = JSON.parse(text.slice(0, newline)) as { expiresAt: number; userId: number | null };
    if (header.expiresAt <= Date.now()) {
      await this.delete(key);
      this.expired.add(key);
      return 'expired';
    }
    return { ...header, payload: text.slice(newline + 1) };
  }

  async delete(key: string): Promise<void> {
    if (!isResultsKey(key)) return;
    await rm(this.file(key), { force: true });
  }

  async sweep(): Promise<number> {
    let removed = 0;
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    for (const name of names) {
      if (!name.endsWith('.json')) continue;
      const key = name.slice(0, -5);
      const full = path.join(this.dir, name);
      try {
        const text = await readFile(full, { encoding: 'utf8', flag: 'r' });
        const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as { expiresAt: number };
        if (header.expiresAt <= Date.now()) {
          await rm(full, { force: true });
          this.expired.add(key);
          removed += 1;
        }
      } catch {
        // A file being written right now is skipped and seen on the next sweep.
        if ((await stat(full).catch(() => undefined)) === undefined) continue;
      }
    }
    return removed;
  }
}
