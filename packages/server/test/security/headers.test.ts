// Security headers on every kind of answer, framing and HTTPS rules from the settings, and no inline script in the
// page the CSP has to allow.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

function directives(response: LightMyRequestResponse): Map<string, string> {
  const policy = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );
}

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('every answer carries the CSP, nosniff, the referrer policy and SAMEORIGIN framing', async () => {
    const session = await t.login();
    const answers = [
      await t.app.inject({ method: 'GET', url: '/health' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/me/' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' }),
      await t.app.inject({ method: 'GET', url: '/sqllab/', headers: { accept: 'text/html' } }),
      await t.app.inject({ method: 'POST', url: '/login/', payload: {} }),
      await session.request({ method: 'GET', url: '/api/v1/database/' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 404, 200, 400, 200]);
    for (const answer of answers) {
      const csp = directives(answer);
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
      expect(csp.get('img-src')).toBe("'self' data: blob:");
      expect(csp.get('worker-src')).toBe("'self' blob:");
      expect(csp.get('connect-src')).toBe("'self' ws://localhost:80 wss://localhost:80");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'self'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('a Host header cannot add sources to the policy', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { host: "evil.example; script-src 'unsafe-inline'" },
    });
    const csp = directives(answer);
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('script-src')).toBe("'self'");
  });

  it('no HSTS when X-Forwarded-Proto says https but the proxy is not trusted', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it('the page has no inline script for the CSP to allow', () => {
    const page = readFileSync(fileURLToPath(new URL('../../../web/index.html', import.meta.url)), 'utf8');
    const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      const isData = /type=["']application\/json["']/i.test(attributes);
      expect(isData || (/\bsrc=/.test(attributes) && body.trim() === '')).toBe(true);
    }
  });
});

describe('security headers from the settings', () => {
  it('HSTS over HTTPS behind a trusted proxy', async () => {
    const t = await startTestApp({ env: { NEZHA_TRUST_PROXY: 'true' } });
    try {
      const https = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
      const http = await t.app.inject({ method: 'GET', url: '/health' });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('NEZHA_FRAME_ANCESTORS allows embedding by the hosts it names, without a contradicting X-Frame-Options', async () => {
    const t = await startTestApp({ env: { NEZHA_FRAME_ANCESTORS: "'self' https://intranet.example" } });
    try {
      const answer = await t.app.inject({ method: 'GET', url: '/health' });
      expect(directives(answer).get('frame-ancestors')).toBe("'self' https://intranet.example");
      expect(answer.headers['x-frame-options']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('a frame-ancestors setting that would break out of its directive stops the server', () => {
    expect(() =>
      loadConfig({
        NEZHA_HOME: '/tmp/nezha-headers-test',
        NEZHA_SECRET_KEY: 'k',
        NEZHA_FRAME_ANCESTORS: '*; script-src *',
      }),
    ).toThrow(/NEZHA_FRAME_ANCESTORS/);
  });
});
