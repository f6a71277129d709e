// Starts a Nezha app in-process on a temp home, with helpers to call it as a browser or an API client.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app/build-app.js';
import type { AppContext } from '../../src/app/context.js';
import { closeContext, createContext } from '../../src/app/create-context.js';
import { initialize } from '../../src/app/init.js';
import { loadConfig } from '../../src/config/config.js';

export const ADMIN = { username: 'admin', password: 'admin-password-1' };

/**
 * Where suites keep the database files they connect to through the API, relative to NEZHA_HOME: beside it, never in
 * it, since the API refuses connections to files in NEZHA_HOME.
 */
export const TEST_DATA_DIR = '../data';

/** A file URI for the test data folder, e.g. dataUri('duckdb', 'shop.duckdb') → duckdb:///../data/shop.duckdb. */
export function dataUri(scheme: 'duckdb' | 'sqlite', file: string): string {
  return `${scheme}:///${TEST_DATA_DIR}/${file}`;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  home: string;
  /** The folder dataUri names: beside home, removed with it. */
  dataDir: string;
  /** A browser-like session: cookie plus CSRF token on unsafe calls. */
  login(username?: string, password?: string): Promise<Session>;
  close(): Promise<void>;
}

export interface Session {
  cookie: string;
  csrf: string;
  request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse>;
}

/** What the login page holds before signing in: the login CSRF cookie and its token, as request headers. */
export async function loginForm(
  app: FastifyInstance,
  remoteAddress?: string,
): Promise<{ token: string; cookie: string; headers: Record<string, string> }> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/security/csrf_token/',
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  const token = (response.json() as { result: string }).result;
  const setCookie = response.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0] ?? '';
  return { token, cookie, headers: { cookie, 'x-csrftoken': token } };
}

export async function startTestApp(
  options: { storeUrl?: string; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const root = mkdtempSync(path.join(tmpdir(), 'nezha-test-'));
  const home = path.join(root, 'home');
  const dataDir = path.resolve(home, TEST_DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({
    NEZHA_HOME: home,
    NEZHA_SECRET_KEY: 'test-secret-key',
    NEZHA_WEB_DIST: path.join(home, 'no-web'),
    // The suites build their fixtures in SQLite files; test/security/ proves the default (true) refuses them.
    NEZHA_PREVENT_UNSAFE_DB_CONNECTIONS: 'false',
    ...(options.storeUrl ? { NEZHA_DATABASE_URL: options.storeUrl } : {}),
    ...options.env,
  });
  const ctx = createContext(config);
  await initialize(ctx.store, { NEZHA_ADMIN_USERNAME: ADMIN.username, NEZHA_ADMIN_PASSWORD: ADMIN.password });
  const app = await buildApp(ctx);

  async function login(username = ADMIN.username, password = ADMIN.password): Promise<Session> {
    const form = await loginForm(app);
    const response = await app.inject({
      method: 'POST',
      url: '/login/',
      payload: { username, password },
      headers: form.headers,
    });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    const setCookie = response.headers['set-cookie'];
    const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0] ?? '';
    const csrf = (response.json() as { csrf_token: string }).csrf_token;
    return {
      cookie,
      csrf,
      request: (opts) => {
        const { csrf: sendCsrf = true, headers, ...rest } = opts;
        return app.inject({
          ...rest,
          headers: { ...headers, cookie, ...(sendCsrf ? { 'x-csrftoken': csrf } : {}) },
        });
      },
    };
  }

  return {
    app,
    ctx,
    home,
    dataDir,
    login,
    async close() {
      await app.close();
      await closeContext(ctx);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
