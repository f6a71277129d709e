// Settings from the environment and nezha.config.json: which wins, defaults, refusals.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const home = mkdtempSync(path.join(tmpdir(), 'nezha-config-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const base = { NEZHA_HOME: home, NEZHA_SECRET_KEY: 'test-secret-key' };
let files = 0;

function withFile(contents: object): Record<string, string> {
  files += 1;
  const file = path.join(home, `config-${files}.json`);
  writeFileSync(file, JSON.stringify(contents));
  return { ...base, NEZHA_CONFIG: file };
}

describe('loadConfig', () => {
  it('security settings: Superset-like defaults, environment over file, refusals naming the setting', () => {
    const defaults = loadConfig(base);
    expect(defaults.authRateLimit).toEqual({
      perUser: { limit: 5, windowMs: 1000 },
      perAddress: { limit: 5, windowMs: 1000 },
    });
    expect(defaults.trustProxy).toBe(false);
    expect(defaults.sessionCookieSecure).toBe(false);
    expect(defaults.frameAncestors).toBe("'self'");
    const file = withFile({ AUTH_RATE_LIMIT: '10 per minute', FRAME_ANCESTORS: "'none'", TRUST_PROXY: true });
    expect(loadConfig(file).authRateLimit.perUser).toEqual({ limit: 10, windowMs: 60_000 });
    expect(loadConfig(file).frameAncestors).toBe("'none'");
    expect(loadConfig(file).trustProxy).toBe(true);
    expect(loadConfig({ ...file, NEZHA_AUTH_RATE_LIMIT: '2/second' }).authRateLimit.perUser.limit).toBe(2);
    expect(() => loadConfig({ ...base, NEZHA_AUTH_RATE_LIMIT: 'fast' })).toThrow(/NEZHA_AUTH_RATE_LIMIT/);
  });

  it('guest tokens: their own secret, algorithm, lifetime, audience and role, environment over file', () => {
    const defaults = loadConfig(base).guestToken;
    expect(defaults).toMatchObject({ algorithm: 'HS256', expSeconds: 300, audience: 'nezha', roleName: 'Public' });
    // Never a shared default: derived from this installation's secret key.
    expect(defaults.secret).toContain('test-secret-key');
    const file = withFile({
      GUEST_TOKEN_JWT_SECRET: 'g'.repeat(40),
      GUEST_TOKEN_JWT_EXP_SECONDS: 60,
      GUEST_ROLE_NAME: 'Gamma',
    });
    expect(loadConfig(file).guestToken).toMatchObject({ secret: 'g'.repeat(40), expSeconds: 60, roleName: 'Gamma' });
    expect(
      loadConfig({ ...file, NEZHA_GUEST_TOKEN_JWT_AUDIENCE: 'host', NEZHA_GUEST_TOKEN_JWT_ALGO: 'HS512' }).guestToken,
    ).toMatchObject({
      audience: 'host',
      algorithm: 'HS512',
    });
    expect(() => loadConfig({ ...base, NEZHA_GUEST_TOKEN_JWT_SECRET: 'short' })).toThrow(
      /NEZHA_GUEST_TOKEN_JWT_SECRET/,
    );
    expect(() => loadConfig({ ...base, NEZHA_GUEST_TOKEN_JWT_ALGO: 'none' })).toThrow(/NEZHA_GUEST_TOKEN_JWT_ALGO/);
  });

  it('caps chart queries per database at 4 unless NEZHA_MAX_QUERIES_PER_DATABASE or the file says otherwise', () => {
    expect(loadConfig(base).maxQueriesPerDatabase).toBe(4);
    expect(loadConfig({ ...base, NEZHA_MAX_QUERIES_PER_DATABASE: '2' }).maxQueriesPerDatabase).toBe(2);
    const file = withFile({ maxQueriesPerDatabase: 6 });
    expect(loadConfig(file).maxQueriesPerDatabase).toBe(6);
    // The environment wins over the file, as for every other setting.
    expect(loadConfig({ ...file, NEZHA_MAX_QUERIES_PER_DATABASE: '3' }).maxQueriesPerDatabase).toBe(3);
  });

  it('keeps row-level security out of SQL Lab unless NEZHA_FEATURE_RLS_IN_SQLLAB or the file turns it on', () => {
    expect(loadConfig(base).features.RLS_IN_SQLLAB).toBe(false);
    expect(loadConfig({ ...base, NEZHA_FEATURE_RLS_IN_SQLLAB: 'true' }).features.RLS_IN_SQLLAB).toBe(true);
    const file = withFile({ features: { RLS_IN_SQLLAB: true } });
    expect(loadConfig(file).features.RLS_IN_SQLLAB).toBe(true);
    expect(loadConfig({ ...file, NEZHA_FEATURE_RLS_IN_SQLLAB: 'false' }).features.RLS_IN_SQLLAB).toBe(false);
  });

  it('prevents unsafe database connections unless NEZHA_PREVENT_UNSAFE_DB_CONNECTIONS or the file turns it off', () => {
    expect(loadConfig(base).preventUnsafeDbConnections).toBe(true);
    expect(loadConfig({ ...base, NEZHA_PREVENT_UNSAFE_DB_CONNECTIONS: 'false' }).preventUnsafeDbConnections).toBe(
      false,
    );
    const file = withFile({ PREVENT_UNSAFE_DB_CONNECTIONS: false });
    expect(loadConfig(file).preventUnsafeDbConnections).toBe(false);
    expect(loadConfig({ ...file, NEZHA_PREVENT_UNSAFE_DB_CONNECTIONS: 'true' }).preventUnsafeDbConnections).toBe(true);
  });

  it('refuses a query cap that is not a positive integer, from the environment or the file', () => {
    for (const value of ['0', '-1', '1.5', 'many']) {
      expect(() => loadConfig({ ...base, NEZHA_MAX_QUERIES_PER_DATABASE: value })).toThrow(
        'NEZHA_MAX_QUERIES_PER_DATABASE must be',
      );
    }
    expect(() => loadConfig(withFile({ maxQueriesPerDatabase: 0 }))).toThrow();
  });

  it('uses Redis only when a URL is given, with keys under nezha: unless another prefix is set', () => {
    expect(loadConfig(base)).toMatchObject({ redisUrl: null, redisKeyPrefix: 'nezha:' });
    const file = withFile({ redisUrl: 'redis://file:6379/0', redisKeyPrefix: 'file:' });
    expect(loadConfig(file)).toMatchObject({ redisUrl: 'redis://file:6379/0', redisKeyPrefix: 'file:' });
    const env = { ...file, NEZHA_REDIS_URL: 'redis://env:6379/1', NEZHA_REDIS_KEY_PREFIX: 'env:' };
    expect(loadConfig(env)).toMatchObject({ redisUrl: 'redis://env:6379/1', redisKeyPrefix: 'env:' });
  });

  it('tells browsers to use the websocket for async events unless the transport is set to polling', () => {
    expect(loadConfig(base).asyncQueriesTransport).toBe('ws');
    const file = withFile({ GLOBAL_ASYNC_QUERIES_TRANSPORT: 'polling' });
    expect(loadConfig(file).asyncQueriesTransport).toBe('polling');
    expect(loadConfig({ ...file, NEZHA_GLOBAL_ASYNC_QUERIES_TRANSPORT: 'ws' }).asyncQueriesTransport).toBe('ws');
    expect(() => loadConfig({ ...base, NEZHA_GLOBAL_ASYNC_QUERIES_TRANSPORT: 'sse' })).toThrow(
      'NEZHA_GLOBAL_ASYNC_QUERIES_TRANSPORT must be one of ws, polling',
    );
    expect(() => loadConfig(withFile({ GLOBAL_ASYNC_QUERIES_TRANSPORT: 'sse' }))).toThrow();
  });
});
