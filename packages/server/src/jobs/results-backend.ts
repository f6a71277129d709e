// Where finished SQL Lab results are kept under a results key: files under NEZHA_HOME by default, Redis
// (redis-results-backend.ts) when NEZHA_REDIS_URL is set.
import { randomUUID } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

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

/** A stored result whose payload is read as it is sent, so a large one is never held whole. */
export interface StoredResultStream extends Omit<StoredResult, 'payload'> {
  payload: Readable;
}

export interface ResultsBackend {
  put(key: string, entry: StoredResult): Promise<void>;
  /** Starts writing the payload of `key`; `entry` is what `put` would be given, less the payload. */
  open(key: string, entry: Omit<StoredResult, 'payload'>): Promise<ResultsWriter>;
  /** undefined when the key was never issued; 'expired' when it existed and is gone. */
  get(key: string): Promise<StoredResult | 'expired' | undefined>;
  /** As `get`, the payload as a stream of its bytes (for an answer sent as stored, never parsed). */
  read(key: string): Promise<StoredResultStream | 'expired' | undefined>;
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

  async read(key: string): Promise<StoredResultStream | 'expired' | undefined> {
    if (!isResultsKey(key)) return undefined;
    if (this.expired.has(key)) return 'expired';
    let file: FileHandle;
    try {
      file = await open(this.file(key), 'r');
    } catch {
      return undefined;
    }
    let header: FileHeader;
    try {
      header = await readHeader(file);
    } catch (error) {
      await file.close();
      throw error;
    }
    if (header.expiresAt <= Date.now()) {
      await file.close();
      await this.delete(key);
      this.expired.add(key);
      return 'expired';
    }
    // The open handle keeps the bytes readable even if a sweep removes the file meanwhile; the stream closes it.
    const payload = file.createReadStream({ start: header.payloadStart, highWaterMark: 256 * 1024 });
    return { expiresAt: header.expiresAt, userId: header.userId, payload };
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
        // Only the header line is read: a results file can be hundreds of megabytes.
        const file = await open(full, 'r');
        const header = await readHeader(file).finally(() => file.close());
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

interface FileHeader {
  expiresAt: number;
  userId: number | null;
  /** Where the payload starts, in bytes. */
  payloadStart: number;
}

/** The first line of a results file (its JSON header), read without the payload after it. */
async function readHeader(file: FileHandle): Promise<FileHeader> {
  const pieces: Buffer[] = [];
  let position = 0;
  for (;;) {
    const { buffer, bytesRead } = await file.read({ buffer: Buffer.alloc(4096), position });
    if (bytesRead === 0) throw new Error('results file without a header line');
    const piece = buffer.subarray(0, bytesRead);
    const newline = piece.indexOf(0x0a);
    pieces.push(newline === -1 ? piece : piece.subarray(0, newline));
    if (newline !== -1) {
      const header = JSON.parse(Buffer.concat(pieces).toString('utf8')) as Omit<FileHeader, 'payloadStart'>;
      return { expiresAt: header.expiresAt, userId: header.userId, payloadStart: position + newline + 1 };
    }
    position += bytesRead;
  }
}
