// Compression and caching of what the server sends: static assets (immutable when hashed), the app page, and
// answers that already carry a Content-Encoding passing through untouched.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressionOptions } from '../../src/app/compression.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{"i":${i},"s":"row ${i}"}`).join(',')}];\n`;
let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'nezha-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Nezha</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-3f9a1c.js'), script);
  // A built asset with the copies the web build writes beside it (scripts/precompress.mjs).
  writeFileSync(path.join(dist, 'assets', 'chart-77aa01.js'), script);
  writeFileSync(path.join(dist, 'assets', 'chart-77aa01.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'chart-77aa01.js.gz'), gzipSync(script, { level: 9 }));
  writeFileSync(path.join(dist, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(2000)}</svg>`);
  t = await startTestApp({ env: { NEZHA_WEB_DIST: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('static assets', () => {
  it('hashed assets are immutable for a year and compressed as the browser accepts', async () => {
    const url = '/static/assets/index-3f9a1c.js';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(script);
    expect(gzip.rawPayload.length).toBeLessThan(script.length / 3);
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(script);
  });

  it("sends the build's compressed copies as they are, and the file itself to a client that takes neither", async () => {
    const url = '/static/assets/chart-77aa01.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(brotliCompressSync(script))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(script);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(gzipSync(script, { level: 9 }))).toBe(true);
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('files that keep their name across builds, and the app page, are revalidated, never immutable', async () => {
    const icon = await t.app.inject({ method: 'GET', url: '/static/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const page = await t.app.inject({ method: 'GET', url: '/sqllab/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('answers already encoded', () => {
  it('an answer carrying its own Content-Encoding (bytes kept compressed) is sent as it is', async () => {
    const app = Fastify();
    await app.register(fastifyCompress, compressionOptions);
    const json = JSON.stringify({ result: Array.from({ length: 500 }, (_, i) => ({ i })) });
    const stored = gzipSync(json);
    app.get('/cached', (_request, reply) =>
      reply.type('application/json; charset=utf-8').header('content-encoding', 'gzip').send(stored),
    );
    const response = await app.inject({ method: 'GET', url: '/cached', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(Buffer.compare(response.rawPayload, stored)).toBe(0);
    expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(json);
    await app.close();
  });
});
