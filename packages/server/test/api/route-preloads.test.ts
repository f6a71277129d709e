// The app page names what its route fetches first: the route's chunks from the Vite manifest (not those the entry
// already preloads) and the first API answers, so that they download beside the entry script.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routePreloader } from '../../src/app/route-preloads.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const manifest = {
  'index.html': { file: 'assets/index-aa.js', isEntry: true, imports: ['_react-bb.js'] },
  '_react-bb.js': { file: 'assets/react-bb.js', name: 'react' },
  'src/explore/ExplorePage.tsx': {
    file: 'assets/ExplorePage-cc.js',
    isDynamicEntry: true,
    imports: ['_react-bb.js', '_controls-dd.js'],
  },
  '_controls-dd.js': { file: 'assets/controls-dd.js', name: 'controls', css: ['assets/controls-dd.css'] },
  '_EChart-ee.js': { file: 'assets/EChart-ee.js', name: 'EChart', imports: ['_react-bb.js'] },
  'src/dashboard/DashboardRoute.tsx': { file: 'assets/DashboardRoute-ff.js', isDynamicEntry: true },
};

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'nezha-preload-'));
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Nezha</title></head><body><div id="root"></div></body></html>',
  );
  t = await startTestApp({ env: { NEZHA_WEB_DIST: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const hrefs = (links: string) =>
  [...links.matchAll(/<link rel="(\w+)"[^>]* href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);

describe('route preloads', () => {
  it("explore by chart id: its chunks but not the entry's, the bootstrap, explore and CSRF token calls", () => {
    const links = hrefs(routePreloader(dist)('/explore/?slice_id=12&force=true'));
    expect(links).toEqual([
      'preload /api/v1/bootstrap/',
      'modulepreload /static/assets/ExplorePage-cc.js',
      'modulepreload /static/assets/controls-dd.js',
      'modulepreload /static/assets/EChart-ee.js',
      'preload /api/v1/explore/?slice_id=12',
      'preload /api/v1/security/csrf_token/',
    ]);
  });

  it('explore opened otherwise asks another call: only the chunks and the bootstrap', () => {
    const preload = routePreloader(dist);
    for (const url of [
      '/explore/?slice_id=12&form_data_key=abc',
      '/explore/?datasource_id=3',
      '/explore/?slice_id=0x1',
    ]) {
      expect(hrefs(preload(url)).filter((link) => link.includes('/api/v1/explore/'))).toEqual([]);
    }
    expect(hrefs(preload('/explore/p/xyz/'))).toContain('modulepreload /static/assets/ExplorePage-cc.js');
  });

  it('dashboards preload their route; other pages only the bootstrap; the embedded page nothing', () => {
    const preload = routePreloader(dist);
    expect(hrefs(preload('/nezha/dashboard/7/'))).toEqual([
      'preload /api/v1/bootstrap/',
      'modulepreload /static/assets/DashboardRoute-ff.js',
      'modulepreload /static/assets/EChart-ee.js',
    ]);
    expect(hrefs(preload('/sqllab/'))).toEqual(['preload /api/v1/bootstrap/']);
    expect(preload('/embedded/0b5c7f0e-1d2e-4f00-9a00-000000000000')).toBe('');
  });

  it('the served page carries the links in its head; a build without a manifest serves the page as built', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/explore/?slice_id=5', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin href="/api/v1/explore/?slice_id=5">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/static/assets/ExplorePage-cc.js">');
    const bare = mkdtempSync(path.join(tmpdir(), 'nezha-preload-bare-'));
    try {
      writeFileSync(path.join(bare, 'index.html'), '<html><head></head></html>');
      expect(hrefs(routePreloader(bare)('/explore/?slice_id=5'))).toEqual([
        'preload /api/v1/bootstrap/',
        'preload /api/v1/explore/?slice_id=5',
        'preload /api/v1/security/csrf_token/',
      ]);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
