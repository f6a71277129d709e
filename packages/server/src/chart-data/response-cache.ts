// Finished chart data answers kept as bytes (plain, gzip and brotli) under the request and the caller, so a repeated
// request is a lookup: no store read, no compilation, no serialisation. Dropped on every metadata write.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { UserRoles } from '@nezha/core';
import type { AuthUser } from '../security/current-user.js';
import type { MetadataGeneration } from '../store/metadata-generation.js';
import { LruStore, stableStringify } from './cache.js';
import type { ChartDataCall } from './chart-data-request.js';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
const COMPRESS_MIN_BYTES = 1024;

export type ContentEncoding = 'br' | 'gzip';

export interface KeptResponse {
  plain: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
  /** A strong validator: the same bytes give the same tag in every process. */
  etag: string;
}

const roleHashes = new WeakMap<UserRoles, string>();

/**
 * Who asks, as far as the answer can depend on it: the user (owner rights, templates naming the user) and every
 * role and permission. Answers are never shared between two users. A guest of an embedded dashboard is named by
 * the token's own claims, not only its user name: two tokens for "guest_user" may carry different row-level
 * clauses and dashboards. The token text itself is left out, so a refreshed token with the same grant still hits.
 */
function accessFingerprint(user: AuthUser): string {
  let roles = roleHashes.get(user.roles);
  if (roles === undefined) {
    roles = createHash('sha256').update(stableStringify(user.roles)).digest('base64url');
    roleHashes.set(user.roles, roles);
  }
  const guest = user.guest
    ? { uuids: user.guest.uuids, dashboards: user.guest.dashboardIds, rls: user.guest.rls, roles: user.guest.roleIds }
    : null;
  return stableStringify([user.id, user.username, user.email, roles, guest]);
}

/** The key of one request: its parsed body and query-string parts, and who asks. */
export function responseKey(user: AuthUser, request: unknown): string {
  return createHash('sha256')
    .update(accessFingerprint(user))
    .update('\n')
    .update(stableStringify(request))
    .digest('base64url');
}

/**
 * A second key of a chart data request: the body's text exactly as sent, the query-string parts and who asks. The
 * same text always parses and validates to the same request, so once an answer was kept for it, a repeat is found
 * without parsing, validating or normalising the body (most of a hit's cost). Only set beside `chartCallKey`.
 */
export function chartTextKey(
  user: AuthUser,
  text: string,
  parts: { sliceId: number | undefined; dashboardId: number | undefined },
): string {
  return createHash('sha256')
    .update(accessFingerprint(user))
    .update('\ntext\n')
    .update(`${parts.sliceId ?? ''}/${parts.dashboardId ?? ''}\n`)
    .update(text)
    .digest('base64url');
}

/**
 * The key of one chart data call, whichever route made it: POST /api/v1/chart/data and a chart of a dashboard's
 * batch run the same call (request, slice, dashboard) through the same service, so they share one kept answer.
 */
export function chartCallKey(user: AuthUser, call: Pick<ChartDataCall, 'request' | 'sliceId' | 'dashboardId'>): string {
  return responseKey(user, {
    body: call.request,
    sliceId: call.sliceId ?? null,
    dashboardId: call.dashboardId ?? null,
  });
}

/** The encoding to send: brotli, then gzip, when the client's Accept-Encoding takes it (q=0 refuses). */
export function chooseEncoding(header: string | undefined): ContentEncoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

/** Whether If-None-Match names this tag (or any, `*`); weak tags compare as their strong form. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

export async function encodeResponse(text: string): Promise<KeptResponse> {
  const plain = Buffer.from(text, 'utf8');
  const etag = `"${createHash('sha256').update(plain).digest('base64url').slice(0, 32)}"`;
  if (plain.length < COMPRESS_MIN_BYTES) return { plain, gzip: null, br: null, etag };
  // On libuv's thread pool; quality 5 is most of brotli's gain at a small share of its time.
  const [gz, br] = await Promise.all([
    gzipAsync(plain, { level: 6 }),
    brotliAsync(plain, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
  ]);
  return { plain, gzip: gz, br, etag };
}

/** The bytes to send for a kept answer and what the client accepts. */
export function variantOf(kept: KeptResponse, encoding: ContentEncoding | null): [Buffer, ContentEncoding | null] {
  if (encoding === 'br' && kept.br) return [kept.br, 'br'];
  if (encoding && kept.gzip) return [kept.gzip, 'gzip'];
  return [kept.plain, null];
}

/** In this process's memory (LRU, bounded in bytes); emptied whenever the metadata generation moves. */
export class ChartResponseCache {
  private store: LruStore<KeptResponse>;

  constructor(
    private readonly generation: MetadataGeneration,
    private readonly maxEntries = 5_000,
    private readonly maxBytes = 128 * 1024 * 1024,
  ) {
    this.store = new LruStore(maxEntries, maxBytes);
    generation.onChange(() => {
      this.store = new LruStore(this.maxEntries, this.maxBytes);
    });
  }

  async get(key: string): Promise<KeptResponse | undefined> {
    if (!this.generation.usable) return undefined;
    return (await this.store.get(key))?.value;
  }

  /** Keeps `kept` only when nothing moved since `generation` was read, before the answer was computed. */
  async set(key: string, kept: KeptResponse, generation: number, expiresAt: number): Promise<void> {
    if (!this.generation.usable || generation !== this.generation.current()) return;
    const ttlMs = expiresAt - Date.now();
    if (ttlMs <= 0) return;
    const size = kept.plain.length + (kept.gzip?.length ?? 0) + (kept.br?.length ?? 0);
    const ttlSeconds = Number.isFinite(ttlMs) ? ttlMs / 1000 : 0;
    await this.store.set(key, { value: kept, storedAt: new Date() }, ttlSeconds, size);
  }

  get size(): number {
    return this.store.size;
  }
}

const caches = new WeakMap<MetadataGeneration, ChartResponseCache>();

export function responseCacheOf(generation: MetadataGeneration): ChartResponseCache {
  let cache = caches.get(generation);
  if (!cache) {
    cache = new ChartResponseCache(generation);
    caches.set(generation, cache);
  }
  return cache;
}
