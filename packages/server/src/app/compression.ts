// gzip and brotli of answers, negotiated by Accept-Encoding (@fastify/compress): JSON, CSV, NDJSON and static assets.
import { constants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/** Text worth compressing: JSON (also NDJSON and `+json`), CSV and other text, scripts, SVG. */
const COMPRESSIBLE = /^text\/|[/+]json(?:;|$)|\/x-ndjson(?:;|$)|javascript(?:;|$)|\/svg\+xml(?:;|$)/u;

/**
 * Streams (SQL Lab's large results, the dashboard's NDJSON batch) are flushed after every piece they write, so the
 * browser gets each batch as soon as the server has it instead of when the compressor's window fills; a piece is a
 * whole batch of rows, so the flush costs little. An answer that already carries a Content-Encoding (bytes kept
 * compressed in a cache) is passed on untouched by the plugin.
 */
export const compressionOptions: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  threshold: 1024,
  /**
   * Answers up to this size are compressed at once on the main thread (about a millisecond at 64 KiB) instead of
   * through a stream on libuv's thread pool. On a 2-core host the plugin's own default is 8 KiB, so a chart answer
   * of some tens of KiB took the stream path, whose hops wait behind DuckDB's work on that same pool: measured on an
   * uncached DuckDB chart request on a busy machine, 20–30 ms from the handler's return to the first byte.
   */
  syncThreshold: 64 * 1024,
  customTypes: COMPRESSIBLE,
  /**
   * gzip level 1 (nginx's default for dynamic answers), not zlib's 6: on SQL Lab's row JSON it is about a fifth of
   * the CPU for output some 20 % larger (10k rows, 352 KB: 83 KB in ~1 ms against 69 KB in ~5 ms), and that CPU is
   * spent on the main thread between batches. Kept chart answers are compressed once, harder (response-cache.ts).
   */
  zlibOptions: { flush: constants.Z_SYNC_FLUSH, level: 1 },
  brotliOptions: {
    flush: constants.BROTLI_OPERATION_FLUSH,
    // Quality 4: well over half of 11's gain at a small part of its cost, on answers made once per request.
    params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
  },
};
