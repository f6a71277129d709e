// Writes a brotli (.br) and a gzip (.gz) copy beside each text asset of the build, once, at the strongest settings:
// the server sends them as they are (@fastify/static's preCompressed) instead of compressing every file on every
// request of a cold browser, a hundred streams through libuv's thread pool for one page.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = join(import.meta.dirname, '..', 'dist', 'assets');
/** What the server would compress on the fly (app/compression.ts): scripts, styles, JSON, SVG. */
const TEXT = /\.(?:js|mjs|css|json|svg|map)$/;
/** Smaller files are sent uncompressed by the server too. */
const MIN_BYTES = 1024;

let written = 0;
for (const name of readdirSync(assets)) {
  if (!TEXT.test(name)) continue;
  const bytes = readFileSync(join(assets, name));
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  writeFileSync(join(assets, `${name}.br`), br);
  writeFileSync(join(assets, `${name}.gz`), gzipSync(bytes, { level: 9 }));
  written += 1;
}
console.log(`precompressed ${written} assets (.br, .gz)`);
